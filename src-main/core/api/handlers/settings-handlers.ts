// settings:* handlers: read config masked, apply a patch through the core's validated config update,
// and test a provider by listing its models (model/providers/model-list.ts).
import type { CoreBase } from '../../base/core-base';
import type { InvokeHandlers, SettingsState } from '../../../../src-preload/contract/schemas';
import { scrubSecrets } from '../../lib/known-secrets';
import { listProviderModels } from '../../model/providers/model-list';
import { detectLocalServers, probeProvider } from './provider-setup';
import type { ApiHost } from '../api-host';
import { ipcFail, ipcOk } from '../ipc-values';
import { applySettingsPatch, toSettingsView } from './settings-view';
import { lockedProviderKeys, webSearchKeyLocked } from '../../config/locked-secrets';
import { textRef, wordRef, type DesktopTextRef } from '../../../../src-preload/contract/desktop-texts';

type SettingsHandlers = Pick<InvokeHandlers, 'settings:get' | 'settings:update' | 'settings:test-provider' | 'settings:probe-provider' | 'settings:detect-local'>;

/** Keys stored encrypted by the desktop app reach hosts without its keychain (CLI, browser host) undecoded. */

/**
 * `moved` names providers whose key was dropped because their baseUrl moved to another host; the note
 * stays until a key is entered again (or the provider is removed).
 */
function state(core: CoreBase, host: ApiHost, moved: Set<string>): SettingsState {
  const config = core.config();
  const notes: DesktopTextRef[] = host.secrets.note ? [host.secrets.note] : [];
  for (const name of [...moved]) if (!config.providers[name] || config.providers[name].apiKey) moved.delete(name);
  if (moved.size) notes.push(textRef('settings.keyMoved', { names: [...moved].join(', ') }));
  const locked = lockedProviderKeys(config);
  if (webSearchKeyLocked(config)) locked.push('web search');
  if (locked.length) notes.push(textRef(host.kind === 'electron' ? 'settings.keyLocked' : 'settings.keyOtherHost', { names: locked.join(', ') }));
  return {
    config: toSettingsView(config),
    configPath: core.paths.configFile,
    secretStorage: host.secrets.mode,
    notes: notes.map((n) => wordRef('en', n)),
    noteTexts: notes,
  };
}

export function createSettingsHandlers(core: CoreBase, host: ApiHost): SettingsHandlers {
  const encode = host.secrets.encode ?? ((plain: string) => plain);
  const movedKeys = new Set<string>();
  return {
    async 'settings:get'() {
      return ipcOk(state(core, host, movedKeys));
    },

    async 'settings:update'({ patch }) {
      const current = core.config();
      const updated = core.updateConfig((raw) => applySettingsPatch(raw, patch, current, encode));
      if (!updated.ok) return ipcFail(updated.error.code === 'invalid' ? 'invalid_input' : 'unavailable', updated.error.message);
      // Keys dropped because the provider moved to another host (not removed by the user): say why.
      for (const [name, p] of Object.entries(patch.providers ?? {})) {
        if (p && p.apiKey !== null && current.providers[name]?.apiKey && !updated.value.providers[name]?.apiKey) movedKeys.add(name);
      }
      return ipcOk(state(core, host, movedKeys));
    },

    async 'settings:test-provider'({ name }) {
      const config = core.config();
      const provider = config.providers[name];
      if (!provider) return ipcFail('not_found', `No provider "${name}" in the config.`);
      const listed = await listProviderModels(config, name);
      if (listed.ok) return ipcOk({ models: listed.value });
      return ipcFail('unavailable', `Could not reach provider "${name}": ${scrubSecrets(listed.error.message, [provider.apiKey])}`);
    },

    async 'settings:probe-provider'(request) {
      const listed = await probeProvider(core.config(), request);
      if (listed.ok) return ipcOk({ models: listed.value });
      return ipcFail('unavailable', scrubSecrets(listed.error.message, request.apiKey ? [request.apiKey] : []));
    },

    async 'settings:detect-local'() {
      return ipcOk({ servers: await detectLocalServers(core.config(), core.env) });
    },
  };
}
