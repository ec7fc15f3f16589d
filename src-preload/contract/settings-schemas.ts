// Settings domain: config.json as the UI sees it (secrets masked) and the patch it may send (secrets write-only),
// both derived from the config schema.
import { z } from 'zod';
import { emptyInputSchema, nameSchema } from './common-schemas';
import {
  activeHoursSchema,
  agentSchema,
  configSchema,
  heartbeatSchema,
  mcpServerSchema,
  modelPresetSchema,
  providerSchema,
  toolsSchema,
  uiSchema,
  webSchema,
  webSearchSchema,
} from './config-schema';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';
import { desktopTextRefSchema } from './desktop-text-schema';
import { partialShape, wholeShape } from './patch-shape';

/** A secret in a change: '' or the masked value read back = unchanged, `null` = remove, else the new value. */
const secretChange = z.string().max(LIMITS.genericStringChars).nullable().optional();

/** The config as read back: every secret (apiKey, header/env values) is masked like `sk-…abcd`. */
export const settingsViewSchema = configSchema.extend({
  /** `keyNeedsReentry`: the key is stored encrypted and cannot be decrypted here (keychain changed, or another host). */
  providers: z.record(z.string(), providerSchema.extend({ hasApiKey: z.boolean(), keyNeedsReentry: z.boolean().optional() })),
});

export const settingsGetOutput = z.object({
  config: settingsViewSchema,
  configPath: z.string(),
  /** How API keys are stored at rest: `encrypted` (OS keychain via safeStorage) or `plain` (file mode 0600). */
  secretStorage: z.enum(['encrypted', 'plain']),
  /** Human notes for the settings page (e.g. why secrets are stored in plain text), in English. */
  notes: z.array(z.string()),
  /** The same notes as catalogue texts, so the window shows them in the user's language. */
  noteTexts: z.array(desktopTextRefSchema).optional(),
});

/**
 * A partial change, shaped like config.json (config-schema.ts) without its defaults and bounds: the core
 * validates the merged config before anything is written, so its errors name the field. Secrets are
 * write-only (see secretChange); `null` for a provider, preset or server removes that entry, and for a
 * provider's baseUrl or the heartbeat's active hours removes the setting.
 */
export const settingsPatchSchema = z.strictObject({
  providers: z
    .record(
      nameSchema,
      partialShape(providerSchema)
        .extend({ apiKey: secretChange, baseUrl: z.string().max(LIMITS.urlChars).nullable().optional() })
        .nullable(),
    )
    .optional(),
  agent: partialShape(agentSchema).optional(),
  modelPresets: z.record(nameSchema, wholeShape(modelPresetSchema).nullable()).optional(),
  tools: partialShape(toolsSchema)
    .extend({
      web: partialShape(webSchema)
        .extend({ search: partialShape(webSearchSchema).extend({ apiKey: secretChange }).optional() })
        .optional(),
    })
    .optional(),
  heartbeat: partialShape(heartbeatSchema).extend({ activeHours: wholeShape(activeHoursSchema).nullable().optional() }).optional(),
  mcpServers: z.record(nameSchema, wholeShape(mcpServerSchema).nullable()).optional(),
  ui: partialShape(uiSchema).optional(),
});

export const settingsUpdateInput = z.strictObject({ patch: settingsPatchSchema });
export const settingsUpdateOutput = settingsGetOutput;

export const settingsTestProviderInput = z.strictObject({ name: nameSchema });
export const settingsTestProviderOutput = z.object({ models: z.array(z.string()) });

/**
 * First-run setup tests a provider before anything is saved: the address and key typed (the key is used for this one
 * request and never comes back), optionally a model to try when the server has no model list.
 */
export const settingsProbeProviderInput = z.strictObject({
  /** The preset's id; it names the provider in messages. */
  preset: nameSchema,
  baseUrl: z.string().url().max(LIMITS.urlChars),
  apiKey: z.string().max(LIMITS.genericStringChars).optional(),
  /** The key goes in this header instead of `Authorization: Bearer` (Azure's `api-key`). */
  keyHeader: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name').optional(),
  model: z.string().min(1).max(LIMITS.nameChars).optional(),
});
export const settingsProbeProviderOutput = z.object({ models: z.array(z.string()) });

/** Model servers found on this computer (Ollama, LM Studio, vLLM on their usual loopback ports) and their models. */
export const settingsDetectLocalOutput = z.object({
  servers: z.array(z.object({ preset: z.string(), baseUrl: z.string(), models: z.array(z.string()) })),
});

export type SettingsView = z.output<typeof settingsViewSchema>;
export type SettingsPatch = z.output<typeof settingsPatchSchema>;
export type SettingsState = z.output<typeof settingsGetOutput>;

/** `window.nanotray.settings.<method>`: each method's channel with its input and output schema. */
export const settingsChannels = {
  /** Secrets come back masked. */
  get: invoke('settings:get', emptyInputSchema, settingsGetOutput),
  /** Secrets are write-only: '' or the masked value = unchanged, null = remove. */
  update: invoke('settings:update', settingsUpdateInput, settingsUpdateOutput),
  testProvider: invoke('settings:test-provider', settingsTestProviderInput, settingsTestProviderOutput),
  /** Tests an address and key that are not saved yet (first-run setup); lists the models it offers. */
  probeProvider: invoke('settings:probe-provider', settingsProbeProviderInput, settingsProbeProviderOutput),
  /** Looks for model servers running on this computer. */
  detectLocal: invoke('settings:detect-local', emptyInputSchema, settingsDetectLocalOutput),
};
