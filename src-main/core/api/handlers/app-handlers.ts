// commands:* and app:* handlers: slash commands, app info and host window actions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreBase } from '../../base/core-base';
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import type { ApiHost } from '../api-host';
import { newDesktopSession } from './desktop-session';
import { routeInput } from '../../commands/command-front-door';
import { ipcFail, ipcOk } from '../ipc-values';

type AppHandlers = Pick<
  InvokeHandlers,
  'commands:list' | 'commands:run' | 'commands:complete' | 'app:info' | 'app:open-external' | 'app:show-main-window' | 'app:hide-quick-ask'
>;

function appVersion(core: CoreBase, fallback: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(core.appRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : fallback;
  } catch {
    return fallback;
  }
}

export function createAppHandlers(core: Core, host: ApiHost): AppHandlers {
  const version = appVersion(core, host.version);
  return {
    async 'commands:list'() {
      return ipcOk({
        commands: core.commands.list().map((c) => ({ name: c.name, description: c.summary, usage: c.usage, subcommands: c.subcommands })),
      });
    },

    async 'commands:run'({ sessionKey, text }) {
      const routed = await routeInput(core.commands, sessionKey, text);
      // Not a command: the window sends it as a message. A filled-in prompt: the window sends that as the user's.
      if (routed.kind === 'message') return ipcOk(routed.command ? { handled: true, output: '', send: { text: routed.text } } : { handled: false, output: '' });
      const result = routed.result;
      const next = result.action === 'new_session' ? newDesktopSession(core) : undefined;
      return ipcOk({
        handled: result.handled,
        output: result.output,
        ...(result.action ? { action: result.action } : {}),
        ...(next ? { sessionKey: next } : {}),
      });
    },

    async 'commands:complete'({ text }) {
      return ipcOk({ completions: await core.commands.completeAsync(text) });
    },

    async 'app:info'() {
      return ipcOk({
        version,
        host: host.kind,
        platform: process.platform,
        home: core.paths.home,
        workspace: core.workspace(),
        configPath: core.paths.configFile,
        ...(core.databaseRepair
          ? {
              databaseRepair: {
                ...(core.databaseRepair.restoredFrom ? { restoredFrom: core.databaseRepair.restoredFrom.at } : {}),
                recoveredMessages: core.databaseRepair.recovered.messages ?? 0,
                damagedKeptAt: core.databaseRepair.damagedKeptAt,
              },
            }
          : {}),
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
