// First-run setup's two questions to the network: does this address (and key) answer with a model list, and which
// model servers run on this computer. Nothing is saved here; the key typed is used for the one request only.
import type { Config } from '../../../../src-preload/contract/config-schema';
import { PROVIDER_PRESETS } from '../../../../src-preload/contract/provider-presets';
import type { ProviderError } from '../../model/llm-provider';
import { listProviderModels } from '../../model/providers/model-list';
import type { Result } from '../../lib/result';

/** How long a look for a local server may take: nothing listening answers at once, so this only bounds a hung one. */
const LOCAL_PROBE_MS = 1_500;

export interface ProbeRequest {
  preset: string;
  baseUrl: string;
  apiKey?: string;
  keyHeader?: string;
  model?: string;
}

/** The current config with the probed provider in it (and as the agent's, with `model`), for one test. */
function withProvider(config: Config, req: ProbeRequest): Config {
  const key = req.apiKey?.trim() ?? '';
  const viaHeader = Boolean(req.keyHeader && key);
  const provider = { apiKey: viaHeader ? '' : key, baseUrl: req.baseUrl, headers: viaHeader ? { [req.keyHeader!]: key } : {} };
  return {
    ...config,
    providers: { ...config.providers, [req.preset]: provider },
    ...(req.model ? { agent: { ...config.agent, provider: req.preset, model: req.model } } : {}),
  };
}

/** The models the address offers, sorted (or, without a model list, the one model a completion proved). */
export function probeProvider(config: Config, req: ProbeRequest, timeoutMs?: number): Promise<Result<string[], ProviderError>> {
  return listProviderModels(withProvider(config, req), req.preset, timeoutMs ? { timeoutMs } : {});
}

/**
 * Where to look for local servers: the local presets' usual addresses, or `NANOTRAY_LOCAL_SERVERS`
 * (`id=url,id=url`, e.g. `ollama=http://127.0.0.1:11500/v1` for a server on another port).
 */
export function localServerTargets(env: NodeJS.ProcessEnv): { preset: string; baseUrl: string }[] {
  const custom = env.NANOTRAY_LOCAL_SERVERS?.trim();
  if (!custom) return PROVIDER_PRESETS.filter((p) => p.local).map((p) => ({ preset: p.id, baseUrl: p.baseUrl }));
  return custom.split(',').flatMap((pair) => {
    const at = pair.indexOf('=');
    const preset = pair.slice(0, at).trim();
    const baseUrl = pair.slice(at + 1).trim();
    return at > 0 && baseUrl ? [{ preset, baseUrl }] : [];
  });
}

/** The local servers that answered with a model list. */
export async function detectLocalServers(config: Config, env: NodeJS.ProcessEnv): Promise<{ preset: string; baseUrl: string; models: string[] }[]> {
  const found = await Promise.all(
    localServerTargets(env).map(async (target) => {
      const listed = await probeProvider(config, target, LOCAL_PROBE_MS);
      return listed.ok ? [{ ...target, models: listed.value }] : [];
    }),
  );
  return found.flat();
}
