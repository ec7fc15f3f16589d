// Instance-wide changes to config values made at run time (`my set`, the runtime panel); never written to config.json.
import type { Config } from '../../../src-preload/contract/config-schema';

/** Instance-wide values changed at run time (by `my set` or the runtime panel); not written to config.json. */
export interface RuntimeOverrides {
  model?: string;
  maxIterations?: number;
  contextWindowTokens?: number;
  maxToolResultChars?: number;
  providerRetryMode?: Config['agent']['providerRetryMode'];
  /** Display only: never changes the sandbox root. */
  workspaceDisplay?: string;
  /** Preset used when a session has none (set without a session). */
  defaultPreset?: string;
}
