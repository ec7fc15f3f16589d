// mcp:*, commands:* and app:* handlers: MCP status, slash commands, app info and host window actions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreBase } from '../../nanotray-core';
import type { InvokeHandlers, McpServerStatus, SlashCommand } from '../../../../src-preload/contract/schemas';
import type { ApiHost } from '../api-host';
import { hasMethod, serviceOf } from '../core-services';
import { guessCode, ipcFail, ipcOk, unavailable } from '../ipc-values';
import { normalizeCall, textOf } from './result-shapes';

type AppHandlers = Pick<
  InvokeHandlers,
  'mcp:status' | 'commands:list' | 'commands:run' | 'app:info' | 'app:open-external' | 'app:show-main-window' | 'app:hide-quick-ask'
>;

const STATES = new Set<McpServerStatus['state']>(['connected', 'connecting', 'failed', 'disabled']);

function toMcpStatus(value: unknown): McpServerStatus | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.name !== 'string') return undefined;
  const tools = Array.isArray(v.tools) ? v.tools.map((t) => (typeof t === 'string' ? t : (t as { name?: unknown })?.name)).filter((t): t is string => typeof t === 'string') : [];
  return {
    name: v.name,
    transport: v.transport === 'http' ? 'http' : 'stdio',
    state: typeof v.state === 'string' && STATES.has(v.state as McpServerStatus['state']) ? (v.state as McpServerStatus['state']) : 'failed',
    tools,
    ...(typeof v.error === 'string' ? { error: v.error } : {}),
  };
}

function toCommand(value: unknown): SlashCommand | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.name !== 'string') return undefined;
  return {
    name: v.name.replace(/^\//, ''),
    description: typeof v.description === 'string' ? v.description : typeof v.summary === 'string' ? v.summary : '',
    ...(typeof v.usage === 'string' ? { usage: v.usage } : {}),
  };
}

function appVersion(core: CoreBase, fallback: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(core.appRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : fallback;
  } catch {
    return fallback;
  }
}

export function createAppHandlers(core: CoreBase, host: ApiHost): AppHandlers {
  const version = appVersion(core, host.version);
  return {
    async 'mcp:status'() {
      const mcp = serviceOf<unknown>(core, 'mcp');
      if (!hasMethod(mcp, 'status')) return unavailable('MCP');
      const out = await normalizeCall(() => (mcp.status as () => unknown)());
      if (!out.ok) return ipcFail('internal', out.error);
      const list = Array.isArray(out.value) ? out.value : Array.isArray((out.value as { servers?: unknown })?.servers) ? (out.value as { servers: unknown[] }).servers : [];
      return ipcOk({ servers: list.map(toMcpStatus).filter((s): s is McpServerStatus => Boolean(s)) });
    },

    async 'commands:list'() {
      const commands = serviceOf<unknown>(core, 'commands');
      if (!hasMethod(commands, 'list')) return unavailable('Slash commands');
      const out = await normalizeCall(() => (commands.list as () => unknown)());
      if (!out.ok) return ipcFail('internal', out.error);
      return ipcOk({ commands: (Array.isArray(out.value) ? out.value : []).map(toCommand).filter((c): c is SlashCommand => Boolean(c)) });
    },

    async 'commands:run'({ sessionKey, text }) {
      const commands = serviceOf<unknown>(core, 'commands');
      if (!hasMethod(commands, 'run')) return unavailable('Slash commands');
      const out = await normalizeCall(() => (commands.run as (l: string, o: unknown) => unknown)(text, { sessionKey, source: 'ui' }));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      if (out.value === undefined || out.value === null || out.value === false) return ipcOk({ handled: false, output: '' });
      const v = out.value as { handled?: unknown; sessionKey?: unknown };
      return ipcOk({
        handled: v.handled !== false,
        output: textOf(out.value),
        ...(typeof v.sessionKey === 'string' ? { sessionKey: v.sessionKey } : {}),
      });
    },

    async 'app:info'() {
      return ipcOk({
        version,
        host: host.kind,
        platform: process.platform,
        home: core.paths.home,
        workspace: core.workspace(),
        configPath: core.paths.configFile,
      });
    },

    async 'app:open-external'({ url }) {
      // The schema already limits this to http(s); re-check here because opening a URL is an OS action.
      const parsed = URL.canParse(url) ? new URL(url) : undefined;
      if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
        return ipcFail('forbidden', 'Only http and https links can be opened.');
      }
      return ipcOk({ opened: await host.openExternal(parsed.toString()) });
    },

    async 'app:show-main-window'(args) {
      return ipcOk({ shown: host.showMainWindow({ ...(args?.view ? { view: args.view } : {}), ...(args?.sessionKey ? { sessionKey: args.sessionKey } : {}) }) });
    },

    async 'app:hide-quick-ask'() {
      return ipcOk({ hidden: host.hideQuickAsk() });
    },
  };
}
