// The providers first-run setup offers: where each one answers, whether it needs a key (and in which header), and
// which ones run on this computer (looked for on loopback). Data only: the window shows it, the core probes it.

export interface ProviderPreset {
  /** Also the provider's name in config.json (`providers.<id>`). */
  id: string;
  label: string;
  /** Where it answers; a template with `<…>` parts to fill in when the URL is the user's own. */
  baseUrl: string;
  /** `required`: a key is needed; `optional`: some setups use one (gateways, vLLM with --api-key); `none`. */
  key: 'required' | 'optional' | 'none';
  /** The key goes in this header instead of `Authorization: Bearer` (Azure's `api-key`). */
  keyHeader?: string;
  /** Where to get a key (opened in the browser). */
  keyUrl?: string;
  /** Runs on this computer: looked for on loopback when the setup opens. */
  local?: boolean;
}

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', key: 'required', keyUrl: 'https://platform.openai.com/api-keys' },
  { id: 'openrouter', label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', key: 'required', keyUrl: 'https://openrouter.ai/keys' },
  { id: 'deepseek', label: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', key: 'required', keyUrl: 'https://platform.deepseek.com/api_keys' },
  { id: 'anthropic', label: 'Anthropic', baseUrl: 'https://api.anthropic.com/v1', key: 'required', keyUrl: 'https://console.anthropic.com/settings/keys' },
  { id: 'azure', label: 'Azure OpenAI', baseUrl: 'https://<resource>.openai.azure.com/openai/deployments/<deployment>?api-version=2024-10-21', key: 'required', keyHeader: 'api-key' },
  { id: 'gateway', label: 'Gateway (LiteLLM, one-api, …)', baseUrl: 'http://127.0.0.1:4000/v1', key: 'optional' },
  { id: 'ollama', label: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', key: 'none', local: true },
  { id: 'lmstudio', label: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', key: 'none', local: true },
  { id: 'vllm', label: 'vLLM', baseUrl: 'http://127.0.0.1:8000/v1', key: 'optional', local: true },
  { id: 'custom', label: 'Another OpenAI-compatible server', baseUrl: '', key: 'optional' },
];

/** The preset called `id`, if any. */
export function providerPreset(id: string): ProviderPreset | undefined {
  return PROVIDER_PRESETS.find((p) => p.id === id);
}
