// Settings domain: config.json as the UI sees it (secrets masked) and the patch it may send (secrets write-only).
import { z } from 'zod';
import { emptyInputSchema, nameSchema } from './common-schemas';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';

const str = z.string().max(LIMITS.genericStringChars);
const stringMap = z.record(z.string().max(LIMITS.nameChars), str);

/** The config as read back: every secret (apiKey, header/env values) is masked like `sk-…abcd`. */
export const settingsViewSchema = z.object({
  providers: z.record(
    z.string(),
    z.object({ apiKey: z.string(), hasApiKey: z.boolean(), baseUrl: z.string().optional(), headers: z.record(z.string(), z.string()) }),
  ),
  agent: z.object({
    provider: z.string(),
    model: z.string(),
    maxIterations: z.number(),
    contextWindowTokens: z.number(),
    maxTokens: z.number(),
    temperature: z.number(),
    maxToolResultChars: z.number(),
    providerRetryMode: z.enum(['standard', 'persistent', 'none']),
    timezone: z.string(),
    workspace: z.string(),
    maxConcurrentSubagents: z.number(),
    vision: z.boolean(),
    requestTimeout: z.number(),
  }),
  modelPresets: z.record(
    z.string(),
    z.object({
      provider: z.string().optional(),
      model: z.string(),
      contextWindowTokens: z.number().optional(),
      maxTokens: z.number().optional(),
      temperature: z.number().optional(),
      vision: z.boolean().optional(),
    }),
  ),
  tools: z.object({
    my: z.object({ enable: z.boolean(), allowSet: z.boolean() }),
    restrictToWorkspace: z.boolean(),
    approval: z.object({ mode: z.enum(['ask', 'auto', 'readonly']) }),
    exec: z.object({
      enable: z.boolean(),
      timeout: z.number(),
      denyPatterns: z.array(z.string()),
      allowPatterns: z.array(z.string()),
      allowedEnvKeys: z.array(z.string()),
    }),
    web: z.object({
      enable: z.boolean(),
      proxy: z.string().nullable(),
      allowPrivateHosts: z.array(z.string()),
      search: z.object({
        provider: z.enum(['duckduckgo', 'brave', 'tavily', 'searxng']),
        apiKey: z.string(),
        baseUrl: z.string(),
        maxResults: z.number(),
      }),
    }),
  }),
  heartbeat: z.object({
    enable: z.boolean(),
    intervalMinutes: z.number(),
    dailyTokenBudget: z.number(),
    activeHours: z.object({ start: z.string(), end: z.string() }).optional(),
  }),
  mcpServers: z.record(
    z.string(),
    z.object({
      command: z.string().optional(),
      args: z.array(z.string()),
      env: z.record(z.string(), z.string()),
      cwd: z.string().optional(),
      url: z.string().optional(),
      headers: z.record(z.string(), z.string()),
      trusted: z.boolean(),
      enable: z.boolean(),
      timeout: z.number(),
    }),
  ),
  ui: z.object({
    quickAskShortcut: z.string(),
    launchAtLogin: z.boolean(),
    theme: z.enum(['system', 'light', 'dark']),
  }),
});

export const settingsGetOutput = z.object({
  config: settingsViewSchema,
  configPath: z.string(),
  /** How API keys are stored at rest: `encrypted` (OS keychain via safeStorage) or `plain` (file mode 0600). */
  secretStorage: z.enum(['encrypted', 'plain']),
  /** Human notes for the settings page (e.g. why secrets are stored in plain text). */
  notes: z.array(z.string()),
});

/**
 * A partial change. Secrets are write-only: an empty string or the masked value read back leaves the
 * stored secret unchanged; `null` removes it. `null` for a provider/preset/server removes that entry.
 * The core validates the merged config before anything is written.
 */
export const settingsPatchSchema = z.strictObject({
  providers: z
    .record(
      nameSchema,
      z
        .strictObject({ apiKey: str.nullable(), baseUrl: z.string().max(LIMITS.urlChars).nullable(), headers: stringMap })
        .partial()
        .nullable(),
    )
    .optional(),
  agent: z
    .strictObject({
      provider: str,
      model: str,
      maxIterations: z.number(),
      contextWindowTokens: z.number(),
      maxTokens: z.number(),
      temperature: z.number(),
      maxToolResultChars: z.number(),
      providerRetryMode: z.enum(['standard', 'persistent', 'none']),
      timezone: str,
      workspace: str,
      maxConcurrentSubagents: z.number(),
      vision: z.boolean(),
      requestTimeout: z.number(),
    })
    .partial()
    .optional(),
  modelPresets: z
    .record(
      nameSchema,
      z
        .strictObject({
          provider: str.optional(),
          model: str,
          contextWindowTokens: z.number().optional(),
          maxTokens: z.number().optional(),
          temperature: z.number().optional(),
          vision: z.boolean().optional(),
        })
        .nullable(),
    )
    .optional(),
  tools: z
    .strictObject({
      my: z.strictObject({ enable: z.boolean(), allowSet: z.boolean() }).partial(),
      restrictToWorkspace: z.boolean(),
      approval: z.strictObject({ mode: z.enum(['ask', 'auto', 'readonly']) }),
      exec: z
        .strictObject({
          enable: z.boolean(),
          timeout: z.number(),
          denyPatterns: z.array(str).max(LIMITS.listMax),
          allowPatterns: z.array(str).max(LIMITS.listMax),
          allowedEnvKeys: z.array(str).max(LIMITS.listMax),
        })
        .partial(),
      web: z
        .strictObject({
          enable: z.boolean(),
          proxy: str.nullable(),
          allowPrivateHosts: z.array(str).max(LIMITS.listMax),
          search: z
            .strictObject({
              provider: z.enum(['duckduckgo', 'brave', 'tavily', 'searxng']),
              apiKey: str.nullable(),
              baseUrl: str,
              maxResults: z.number(),
            })
            .partial(),
        })
        .partial(),
    })
    .partial()
    .optional(),
  heartbeat: z
    .strictObject({
      enable: z.boolean(),
      intervalMinutes: z.number(),
      dailyTokenBudget: z.number(),
      activeHours: z.strictObject({ start: str, end: str }).nullable(),
    })
    .partial()
    .optional(),
  mcpServers: z
    .record(
      nameSchema,
      z
        .strictObject({
          command: str.optional(),
          args: z.array(str).max(LIMITS.listMax).optional(),
          env: stringMap.optional(),
          cwd: str.optional(),
          url: z.string().max(LIMITS.urlChars).optional(),
          headers: stringMap.optional(),
          trusted: z.boolean().optional(),
          enable: z.boolean().optional(),
          timeout: z.number().optional(),
        })
        .nullable(),
    )
    .optional(),
  ui: z
    .strictObject({ quickAskShortcut: str, launchAtLogin: z.boolean(), theme: z.enum(['system', 'light', 'dark']) })
    .partial()
    .optional(),
});

export const settingsUpdateInput = z.strictObject({ patch: settingsPatchSchema });
export const settingsUpdateOutput = settingsGetOutput;

export const settingsTestProviderInput = z.strictObject({ name: nameSchema });
export const settingsTestProviderOutput = z.object({ models: z.array(z.string()) });

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
};
