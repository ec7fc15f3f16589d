// The bounds of config.json's numbers and formats, in one place: the config schema is built from them, and the
// settings form and the runtime policy check against them (neither needs the schema library for that).

/** An inclusive range of whole (or, for `temperature`, real) numbers. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
}

export const CONFIG_BOUNDS = {
  maxIterations: { min: 1, max: 100 },
  contextWindowTokens: { min: 4096, max: 1_000_000 },
  maxTokens: { min: 1, max: Number.MAX_SAFE_INTEGER },
  temperature: { min: 0, max: 2 },
  maxToolResultChars: { min: 100, max: Number.MAX_SAFE_INTEGER },
  /** Messages of a session one request carries at most (older ones are summarised into memory). */
  maxHistoryMessages: { min: 10, max: 100_000 },
  maxConcurrentSubagents: { min: 1, max: 16 },
  /** Seconds before a model call with no progress is abandoned. */
  requestTimeoutSeconds: { min: 5, max: 3600 },
  execTimeoutSeconds: { min: 1, max: 600 },
  searchMaxResults: { min: 1, max: 20 },
  /** Minutes between heartbeats: at most one week. */
  heartbeatIntervalMinutes: { min: 1, max: 10_080 },
  /** Tokens per day; 0 means no budget. */
  heartbeatDailyTokenBudget: { min: 0, max: 100_000_000 },
  mcpTimeoutSeconds: { min: 1, max: 3600 },
  /** Seconds an MCP request may run in all, however much progress it reports (one day at most). */
  mcpMaxTotalTimeoutSeconds: { min: 1, max: 86_400 },
  /** Tools offered to the model in one request (OpenAI refuses more than 128). */
  maxTools: { min: 8, max: 1024 },
} as const satisfies Record<string, Bounds>;

/**
 * The longest text (in characters) config.json takes where it is sent to a server or shown on one line: a model or
 * provider name, a URL, a header's name and value, a key. A 10 MB model name is a mistake, not a model.
 */
export const TEXT_LIMITS = {
  name: 256,
  url: 2048,
  headerName: 256,
  headerValue: 8192,
  secret: 16_384,
} as const;

/** A time of day as HH:MM, 24-hour (heartbeat active hours). */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How a model call retries: the same list config.json, the settings page and `my set` accept. */
export const PROVIDER_RETRY_MODES = ['standard', 'persistent', 'none'] as const;

/** Whether `n` is a whole number inside `bounds`. */
export function isIntIn(n: number, bounds: Bounds): boolean {
  return Number.isSafeInteger(n) && n >= bounds.min && n <= bounds.max;
}
