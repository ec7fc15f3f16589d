// Adapts the core's feature services to the ports slash commands use (one place to follow their APIs).
import type { Core } from '../nanotray-core';
import type { McpService } from '../mcp/mcp-types';
import { cronCommandPort, heartbeatCommandPort } from '../scheduler/scheduler-command-ports';
import { sanitizeNamePart } from '../mcp/tool-naming';
import { okResult } from '../lib/result';
import type { CommandPorts } from './install-commands';

/** Slash commands are typed by the user, so runtime changes are audited with the `ui` source. */
const AUDIT_SOURCE = 'ui';

/**
 * The ports for `core`. Called on every command, so it reads the services as they are now; a core
 * built without one of them (tests, trimmed hosts) simply leaves that port out.
 */
export function coreCommandPorts(core: Core, mcp: McpService): CommandPorts {
  const { sessions, runtime, heartbeat, cron, skills, approvals } = core;
  return {
    mcp,
    // The runner has no clear of its own: the registry clears the session in the store.
    sessions: sessions ? { isBusy: (sessionKey) => sessions.isBusy(sessionKey) } : undefined,
    runtime: runtime
      ? {
          check(sessionKey, key) {
            const result = runtime.check(key, { sessionKey, source: AUDIT_SOURCE });
            return result.ok ? result.value : result.error;
          },
          setModelPreset(sessionKey, preset) {
            const result = runtime.set('model_preset', preset, { sessionKey, source: AUDIT_SOURCE });
            return result.ok ? result.value : result.error;
          },
        }
      : undefined,
    heartbeat: heartbeat ? heartbeatCommandPort(heartbeat) : undefined,
    cron: cron ? cronCommandPort(cron) : undefined,
    skills: skills
      ? {
          list: () =>
            skills.list().map((skill) => ({
              name: skill.name,
              description: skill.broken ? `broken: ${skill.broken}` : skill.description,
              available: !skill.broken && skill.missing.length === 0,
              source: skill.source,
            })),
        }
      : undefined,
    approvals: approvals
      ? {
          allowServer: (server) => approvals.addRule({ tool: `mcp_${sanitizeNamePart(server)}`, kind: 'server', pattern: server }).id,
          allowHost: (host) => {
            const rule = approvals.allowHost(host);
            return rule.ok ? okResult({ id: rule.value.id, host: rule.value.pattern }) : rule;
          },
        }
      : undefined,
  };
}
