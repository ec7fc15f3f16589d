// The shape of config.json (camelCase) with its defaults; the one source of truth for settings.
import { z } from 'zod';

export const providerSchema = z.object({
  apiKey: z.string().default(''),
  baseUrl: z.string().url().optional(),
  /** Extra request headers for this provider (e.g. an org id). */
  headers: z.record(z.string(), z.string()).default({}),
});

export const modelPresetSchema = z.object({
  provider: z.string().min(1).optional(),
  model: z.string().min(1),
  contextWindowTokens: z.number().int().min(4096).max(1_000_000).optional(),
  maxTokens: z.number().int().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
  /** The model accepts image parts. */
  vision: z.boolean().optional(),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (24-hour)');

export const agentSchema = z.object({
  provider: z.string().min(1).default('openai'),
  model: z.string().min(1).default('gpt-4.1-mini'),
  maxIterations: z.number().int().min(1).max(100).default(40),
  contextWindowTokens: z.number().int().min(4096).max(1_000_000).default(200_000),
  maxTokens: z.number().int().min(1).default(8192),
  temperature: z.number().min(0).max(2).default(0.1),
  maxToolResultChars: z.number().int().min(100).default(16_000),
  providerRetryMode: z.enum(['standard', 'persistent', 'none']).default('standard'),
  /** IANA zone; empty means the system zone. */
  timezone: z.string().default(''),
  /** Empty means `<home>/workspace`. */
  workspace: z.string().default(''),
  maxConcurrentSubagents: z.number().int().min(1).max(16).default(2),
  vision: z.boolean().default(false),
  /** Seconds before a model call with no progress is abandoned. */
  requestTimeout: z.number().int().min(5).max(3600).default(120),
});

export const execSchema = z.object({
  enable: z.boolean().default(true),
  timeout: z.number().int().min(1).max(600).default(60),
  denyPatterns: z.array(z.string()).default([]),
  allowPatterns: z.array(z.string()).default([]),
  allowedEnvKeys: z.array(z.string()).default([]),
  /** The OS sandbox: `auto` uses it where it works, `on` refuses exec without it, `off` never uses it. */
  sandbox: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Network inside the sandbox; false needs the sandbox (exec is refused without it). */
  network: z.boolean().default(true),
});

export const webSchema = z.object({
  enable: z.boolean().default(true),
  proxy: z.string().nullable().default(null),
  /** Hostnames web_fetch may reach even though they resolve to loopback/private addresses. */
  allowPrivateHosts: z.array(z.string()).default([]),
  search: z
    .object({
      provider: z.enum(['duckduckgo', 'brave', 'tavily', 'searxng']).default('duckduckgo'),
      apiKey: z.string().default(''),
      baseUrl: z.string().default(''),
      maxResults: z.number().int().min(1).max(20).default(5),
    })
    .prefault({}),
});

export const toolsSchema = z.object({
  my: z.object({ enable: z.boolean().default(true), allowSet: z.boolean().default(false) }).prefault({}),
  restrictToWorkspace: z.boolean().default(true),
  approval: z.object({ mode: z.enum(['ask', 'auto', 'readonly']).default('ask') }).prefault({}),
  exec: execSchema.prefault({}),
  web: webSchema.prefault({}),
});

export const heartbeatSchema = z.object({
  enable: z.boolean().default(true),
  intervalMinutes: z.number().int().min(1).default(30),
  dailyTokenBudget: z.number().int().min(0).default(200_000),
  activeHours: z.object({ start: hhmm, end: hhmm }).optional(),
});

export const mcpServerSchema = z
  .object({
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
    url: z.string().url().optional(),
    headers: z.record(z.string(), z.string()).default({}),
    /** Tools of a trusted server are in the read approval category. */
    trusted: z.boolean().default(false),
    enable: z.boolean().default(true),
    /** Per-call timeout in seconds. */
    timeout: z.number().int().min(1).max(3600).default(60),
  })
  .refine((s) => Boolean(s.command) !== Boolean(s.url), {
    message: 'an MCP server needs either "command" (stdio) or "url" (HTTP), not both',
  });

export const uiSchema = z.object({
  quickAskShortcut: z.string().default('CommandOrControl+Shift+Space'),
  launchAtLogin: z.boolean().default(false),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
});

export const configSchema = z.object({
  providers: z.record(z.string(), providerSchema).default({}),
  agent: agentSchema.prefault({}),
  modelPresets: z.record(z.string(), modelPresetSchema).default({}),
  tools: toolsSchema.prefault({}),
  heartbeat: heartbeatSchema.prefault({}),
  mcpServers: z.record(z.string(), mcpServerSchema).default({}),
  ui: uiSchema.prefault({}),
});

/** The validated config with every default filled in. */
export type Config = z.output<typeof configSchema>;
/** What a user may write in config.json (everything optional). */
export type ConfigInput = z.input<typeof configSchema>;
export type ProviderConfig = z.output<typeof providerSchema>;
export type ModelPreset = z.output<typeof modelPresetSchema>;
export type McpServerConfig = z.output<typeof mcpServerSchema>;

/** The config a fresh install starts from. */
export function defaultConfig(): Config {
  return configSchema.parse({});
}
