// Installs the slash-command registry on the core (`core.commands`) with the built-in commands.
import type { CoreBase } from '../nanotray-core';
import { deleteSession, ensureSession, getSession, setSessionTitle, updateSessionMeta } from '../store/sessions.repo';
import { BUILTIN_COMMANDS } from './builtin';
import { CommandRegistry } from './command-registry';
import type { CommandServices, SessionsPort } from './command-services';

/** `core.commands`: list / complete / execute for every host. */
export type CommandsService = Pick<CommandRegistry, 'list' | 'complete' | 'execute' | 'isCommand' | 'register'>;

/** The optional feature ports, looked up on every command (features may be installed after this). */
export type CommandPorts = Omit<CommandServices, 'config' | 'overrides' | 'db' | 'tools' | 'updateConfig' | 'now' | 'commands'>;

/** Clearing without a runner's own clear: drop the messages, keep the title and settings of the session. */
function clearInStore(base: CoreBase): NonNullable<SessionsPort['clear']> {
  return (sessionKey) => {
    const existing = getSession(base.db, sessionKey);
    if (!existing) return;
    deleteSession(base.db, sessionKey);
    ensureSession(base.db, sessionKey, base.clock.now());
    if (existing.title) setSessionTitle(base.db, sessionKey, existing.title);
    updateSessionMeta(base.db, sessionKey, { ...existing.meta, consolidatedThrough: undefined });
    base.events.emit({ type: 'session.changed', sessionKey, change: 'updated' });
  };
}

/**
 * Builds the registry. `ports` is called on every command so it can read services installed later
 * (runtime, heartbeat, cron, skills, sessions); a missing port makes that command answer "not available".
 */
export function installCommands(base: CoreBase, ports: () => CommandPorts): CommandsService {
  const fallbackClear = clearInStore(base);
  const registry: CommandRegistry = new CommandRegistry(() => {
    const found = ports();
    return {
      config: base.config,
      overrides: base.overrides,
      db: base.db,
      tools: base.tools,
      updateConfig: base.updateConfig,
      now: () => base.clock.now(),
      commands: () => registry.list(),
      ...found,
      sessions: {
        isBusy: (sessionKey) => found.sessions?.isBusy(sessionKey) ?? false,
        clear: found.sessions?.clear ?? fallbackClear,
      },
    };
  });
  for (const command of BUILTIN_COMMANDS) registry.register(command);
  return registry;
}
