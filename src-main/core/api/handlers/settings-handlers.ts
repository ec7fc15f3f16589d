// settings:* handlers: read config masked, apply a patch through the core's validated config update,
// and test a provider by listing its models.
import type { CoreBase } from '../../core-base';
import type { InvokeHandlers, SettingsState } from '../../../../src-preload/contract/schemas';
import { errorMessage } from '../../lib/result';
import { scrubSecrets } from '../../lib/redact';
import type { ApiHost } from '../api-host';
import { ipcFail, ipcOk } from '../ipc-values';
import { applySettingsPatch, toSettingsView } from './settings-view';

type SettingsHandlers = Pick<InvokeHandlers, 'settings:get' | 'settings:update' | 'settings:test-provider'>;

const TEST_TIMEOUT_MS = 10_000;

/** Keys stored encrypted by the desktop app reach hosts without its keychain (CLI, browser host) undecoded. */
const ENCRYPTED_SECRET = /^enc:v\d+:/;

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
  const locked = Object.entries(config.providers).filter(([, p]) => ENCRYPTED_SECRET.test(p.apiKey)).map(([name]) => name);
  if (ENCRYPTED_SECRET.test(config.tools.web.search.apiKey)) locked.push('web search');
  if (locked.length) {
    notes.push(`The API key of ${locked.join(', ')} was encrypted by the desktop app's keychain and cannot be used here; enter it again to use it in this host.`);
  }
  return { config: toSettingsView(config), configPath: core.paths.configFile, secretStorage: host.secrets.mode, notes };
}

/** GET <baseUrl>/models with the provider's key; the key never appears in the answer. */
async function listModels(baseUrl: string, apiKey: string, headers: Record<string, string>): Promise<string[]> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  const response = await fetch(url, {
    headers: { ...headers, ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
    signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const body = (await response.json()) as { data?: { id?: unknown }[] };
  return (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string').sort();
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
      const provider = core.config().providers[name];
      if (!provider) return ipcFail('not_found', `No provider "${name}" in the config.`);
      const baseUrl = provider.baseUrl ?? (name === 'openai' ? 'https://api.openai.com/v1' : undefined);
      if (!baseUrl) return ipcFail('invalid_input', `Provider "${name}" has no baseUrl.`);
      try {
        return ipcOk({ models: await listModels(baseUrl, provider.apiKey, provider.headers) });
      } catch (err) {
        const message = scrubSecrets(errorMessage(err), [provider.apiKey]);
        return ipcFail('unavailable', `Could not reach provider "${name}": ${message}`);
      }
    },
  };
}
