// The shape of config.json (camelCase) with its defaults: the one source of truth for settings. The core loads
// config.json with it; the settings view and patch schemas derive from it; its bounds are config-bounds.ts.
import { z } from 'zod';
import { CONFIG_BOUNDS as B, HHMM, PROVIDER_RETRY_MODES, TEXT_LIMITS as T, type Bounds } from './config-bounds';

/** A whole number inside `bounds`. */
const intIn = (bounds: Bounds) => z.number().int().min(bounds.min).max(bounds.max);
/** Text of at most `max` characters; the error names what it is (the loader puts the key in front). */
const textUpTo = (max: number, what: string) => z.string().max(max, `at most ${max.toLocaleString('en')} characters (${what})`);
/** A model or provider name. */
const nameText = (what: string) => textUpTo(T.name, what).min(1);
const urlText = () => textUpTo(T.url, 'a URL');
/** Extra HTTP headers: names and values bounded. */
const headersRecord = () => z.record(textUpTo(T.headerName, 'a header name'), textUpTo(T.headerValue, 'a header value'));

export const providerSchema = z.object({
  apiKey: textUpTo(T.secret, 'an API key').default(''),
  baseUrl: urlText().url().optional(),
  /** Extra request headers for this provider (e.g. an org id, or Azure's api-key). */
  headers: headersRecord().default({}),
  /** Seconds to wait for the first byte of an answer, and between its chunks; `agent.requestTimeout` by default. */
  timeouts: z
    .object({ firstByte: z.number().int().min(1).max(3600).optional(), idle: z.number().int().min(1).max(3600).optional() })
    .optional(),
});

export const modelPresetSchema = z.object({
  provider: nameText('a provider name').optional(),
  model: nameText('a model name'),
  contextWindowTokens: intIn(B.contextWindowTokens).optional(),
  maxTokens: intIn(B.maxTokens).optional(),
  temperature: z.number().min(B.temperature.min).max(B.temperature.max).optional(),
  /** The model accepts image parts. */
  vision: z.boolean().optional(),
});

const hhmm = z.string().regex(HHMM, 'a time as HH:MM (24-hour)');

export const agentSchema = z.object({
  provider: nameText('a provider name').default('openai'),
  model: nameText('a model name').default('gpt-4.1-mini'),
  maxIterations: intIn(B.maxIterations).default(40),
  contextWindowTokens: intIn(B.contextWindowTokens).default(200_000),
  maxTokens: intIn(B.maxTokens).default(8192),
  temperature: z.number().min(B.temperature.min).max(B.temperature.max).default(0.1),
  maxToolResultChars: intIn(B.maxToolResultChars).default(16_000),
  /**
   * The newest messages of a session a request carries at most, however many fit the context window: older ones
   * are summarised into memory (memory/HISTORY.md and the session's summary). Bounds each turn's cost and the work
   * a long session's first turn does.
   */
  maxHistoryMessages: intIn(B.maxHistoryMessages).default(500),
  providerRetryMode: z.enum(PROVIDER_RETRY_MODES).default('standard'),
  /** IANA zone; empty means the system zone. */
  timezone: z.string().default(''),
  /** Empty means `<home>/workspace`. */
  workspace: z.string().default(''),
  maxConcurrentSubagents: intIn(B.maxConcurrentSubagents).default(2),
  vision: z.boolean().default(false),
  /**
   * Seconds before a model call with no progress is abandoned (the default of every provider's first-byte and
   * idle timeouts). A timed-out call is tried once more, so a dead server costs about twice this.
   */
  requestTimeout: intIn(B.requestTimeoutSeconds).default(40),
  /** Model presets (names in modelPresets) tried in order when the turn's model fails after its retries. */
  fallbackModels: z.array(nameText('a preset name')).default([]),
});

/** tools.exec.network. */
export const EXEC_NETWORK_MODES = ['ask', 'off', 'on'] as const;

export const execSchema = z.object({
  enable: z.boolean().default(true),
  timeout: intIn(B.execTimeoutSeconds).default(60),
  denyPatterns: z.array(z.string()).default([]),
  allowPatterns: z.array(z.string()).default([]),
  allowedEnvKeys: z.array(z.string()).default([]),
  /** The OS sandbox: `auto` uses it where it works, `on` refuses exec without it, `off` never uses it. */
  sandbox: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * Network for sandboxed commands, always through Nanotray's egress proxy: `ask` applies the host policy of
   * web_fetch (rules, the approval mode, asking), `on` lets every host through (still recorded), `off` gives no
   * network at all (which needs the sandbox: exec is refused without it). The old boolean still reads: true is
   * `ask`, false is `off`.
   */
  network: z.preprocess((v) => (v === true ? 'ask' : v === false ? 'off' : v), z.enum(EXEC_NETWORK_MODES)).default('ask'),
});

export const webSearchSchema = z.object({
  provider: z.enum(['duckduckgo', 'brave', 'tavily', 'searxng']).default('duckduckgo'),
  apiKey: textUpTo(T.secret, 'an API key').default(''),
  baseUrl: urlText().default(''),
  maxResults: intIn(B.searchMaxResults).default(5),
});

export const webSchema = z.object({
  enable: z.boolean().default(true),
  proxy: urlText().nullable().default(null),
  /** Hostnames web_fetch may reach even though they resolve to loopback/private addresses. */
  allowPrivateHosts: z.array(z.string()).default([]),
  search: webSearchSchema.prefault({}),
});

export const toolsSchema = z.object({
  my: z.object({ enable: z.boolean().default(true), allowSet: z.boolean().default(false) }).prefault({}),
  restrictToWorkspace: z.boolean().default(true),
  approval: z.object({ mode: z.enum(['ask', 'auto', 'readonly']).default('ask') }).prefault({}),
  exec: execSchema.prefault({}),
  web: webSchema.prefault({}),
  /** At most this many tools go to the model in one request; MCP tools beyond it are dropped (largest servers first). */
  maxTools: intIn(B.maxTools).default(128),
});

/** When the heartbeat may run, in the agent's time zone. */
export const activeHoursSchema = z.object({ start: hhmm, end: hhmm });

export const heartbeatSchema = z.object({
  enable: z.boolean().default(true),
  intervalMinutes: intIn(B.heartbeatIntervalMinutes).default(30),
  dailyTokenBudget: intIn(B.heartbeatDailyTokenBudget).default(200_000),
  activeHours: activeHoursSchema.optional(),
});

/**
 * How Nanotray signs in to an HTTP MCP server (OAuth 2.1). Without it, a server that answers 401 is signed in to
 * with discovery and dynamic client registration. `clientId` (+ `clientSecret`) names a pre-registered client;
 * `grantType: "client_credentials"` signs in as a machine (with `clientSecret`, or `privateKey` + `algorithm` for
 * private_key_jwt), no browser involved.
 */
export const mcpOAuthSchema = z
  .strictObject({
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    /** Space-separated scopes to ask for when the server names none. */
    scope: z.string().min(1).optional(),
    grantType: z.enum(['authorization_code', 'client_credentials']).default('authorization_code'),
    /** PEM (PKCS#8) private key for private_key_jwt client authentication. */
    privateKey: z.string().min(1).optional(),
    algorithm: z.enum(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']).optional(),
    /** An https URL of a client metadata document to use as the client id where the server supports that (SEP-991). */
    clientMetadataUrl: z
      .string()
      .refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:', 'an https URL')
      .optional(),
  })
  .refine((o) => o.grantType !== 'client_credentials' || Boolean(o.clientId), {
    message: 'oauth.grantType "client_credentials" needs oauth.clientId',
  })
  .refine((o) => o.grantType !== 'client_credentials' || Boolean(o.clientSecret) !== Boolean(o.privateKey), {
    message: 'oauth.grantType "client_credentials" needs either oauth.clientSecret or oauth.privateKey (with oauth.algorithm)',
  })
  .refine((o) => !o.privateKey || Boolean(o.algorithm), { message: 'oauth.privateKey needs oauth.algorithm (e.g. "ES256")' });

export const mcpServerSchema = z
  .object({
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
    url: urlText().url().optional(),
    headers: headersRecord().default({}),
    /** Tools of a trusted server are in the read approval category. */
    trusted: z.boolean().default(false),
    enable: z.boolean().default(true),
    /** Seconds a call may go without an answer or progress (progress restarts it). */
    timeout: intIn(B.mcpTimeoutSeconds).default(60),
    /** OAuth settings of an HTTP server (see mcpOAuthSchema). */
    oauth: mcpOAuthSchema.optional(),
    /** Seconds a call may run in all, however much progress it reports. */
    maxTotalTimeout: intIn(B.mcpMaxTotalTimeoutSeconds).default(600),
    /** Only these tools of the server are offered (by the server's tool name); absent: all. */
    includeTools: z.array(z.string()).optional(),
    /** These tools of the server are never offered (wins over includeTools). */
    excludeTools: z.array(z.string()).default([]),
    /**
     * stdio servers: run in the OS sandbox exec uses (the rest of the file system read-only, its own data folder
     * `<home>/mcp-data/<server>/` writable, Nanotray's home and credential folders hidden, no network). Where no
     * sandbox works, the server is not started. `/mcp add` writes true.
     */
    sandbox: z.boolean().default(false),
    /** What a sandboxed server sees of the workspace: read-only (default) or nothing. */
    sandboxWorkspace: z.enum(['read-only', 'hidden']).default('read-only'),
  })
  .refine((s) => Boolean(s.command) !== Boolean(s.url), {
    message: 'an MCP server needs either "command" (stdio) or "url" (HTTP), not both',
  })
  .refine((s) => !s.sandbox || Boolean(s.command), { message: 'sandbox is for stdio MCP servers (with "command")' })
  .refine((s) => !s.oauth || Boolean(s.url), { message: 'oauth is for HTTP MCP servers (with "url")' });

export const uiSchema = z.object({
  quickAskShortcut: z.string().default('CommandOrControl+Shift+Space'),
  launchAtLogin: z.boolean().default(false),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** The window's language: `system` follows the OS/browser (English unless it prefers Chinese). */
  language: z.enum(['system', 'en', 'zh']).default('system'),
});

/** What a model costs, in US dollars per million tokens (the window shows the cost of turns, chats and days). */
export const modelPriceSchema = z.object({
  input: z.number().min(0).max(10_000),
  output: z.number().min(0).max(10_000),
});

export const configSchema = z.object({
  providers: z.record(z.string(), providerSchema).default({}),
  agent: agentSchema.prefault({}),
  modelPresets: z.record(z.string(), modelPresetSchema).default({}),
  tools: toolsSchema.prefault({}),
  heartbeat: heartbeatSchema.prefault({}),
  mcpServers: z.record(z.string(), mcpServerSchema).default({}),
  ui: uiSchema.prefault({}),
  /** Prices by model name as the provider reports it (`"gpt-4.1-mini": { "input": 0.4, "output": 1.6 }`). */
  prices: z.record(z.string(), modelPriceSchema).default({}),
});

/** The validated config with every default filled in. */
export type Config = z.output<typeof configSchema>;
export type ModelPreset = z.output<typeof modelPresetSchema>;
export type McpServerConfig = z.output<typeof mcpServerSchema>;
export type McpOAuthConfig = z.output<typeof mcpOAuthSchema>;

/** The config a fresh install starts from. */
export function defaultConfig(): Config {
  return configSchema.parse({});
}
