// settings:* handlers: read config masked, apply a patch through the core's validated config update,
// and test a provider by listing its models (agent/providers/model-list.ts).
import type { CoreBase } from '../../core-base';
import type { InvokeHandlers, SettingsState } from '../../../../src-preload/contract/schemas';
import { scrubSecrets } from '../../lib/redact';
import { listProviderModels } from '../../agent/providers/model-list';
import { detectLocalServers, probeProvider } from './provider-setup';
import type { ApiHost } from '../api-host';
import { ipcFail, ipcOk } from '../ipc-values';
import { applySettingsPatch, toSettingsView } from './settings-view';
import { lockedProviderKeys, webSearchKeyLocked } from '../../config/locked-secrets';

type SettingsHandlers = Pick<InvokeHandlers, 'settings:get' | 'settings:update' | 'settings:test-provider' | 'settings:probe-provider' | 'settings:detect-local'>;

/** Keys stored encrypted by the desktop app reach hosts without its keychain (CLI, browser host) undecoded. */

/**
 * `moved` names providers whose key was dropped because their baseUrl moved to another host; the note
 * stays until a key is entered again (or the provider is removed).
 */
function state(core: CoreBase, host: ApiHost, moved: Set<string>): SettingsState {
  const config = core.config();
  const notes = host.secrets.note ? [host.secrets.note] : [];
  for (const name of [...moved]) if (!config.providers[name] || config.providers[name].apiKey) moved.delete(name);
  if (moved.size) {
    notes.push(
      `The API key of ${[...moved].join(', ')} was removed: its baseUrl now points to another host, and a stored key is never sent to a host it was not entered for. Enter the key again to use it there.`,
    );
  }
  const locked = lockedProviderKeys(config);
  if (webSearchKeyLocked(config)) locked.push('web search');
  if (locked.length && host.kind === 'electron') {
    notes.push(`The API key of ${locked.join(', ')} can no longer be decrypted with this computer's keychain (it was changed, reset or is locked). Enter the key again to use it.`);
  } else if (locked.length) {
    notes.push(`The API key of ${locked.join(', ')} was encrypted by the desktop app's keychain and cannot be used here; enter it again to use it in this host.`);
  }
  return { config: toSettingsView(config), configPath: core.paths.configFile, secretStorage: host.secrets.mode, notes };
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
      if (!updated.ok) return ipcFail('invalid_input', updated.error);
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
