// Loads the MCP SDK (its client, transports, ajv, eventsource, cross-spawn: ~0.5 MB of code) on first use: only
// when a server connects or a sign-in starts. A run with no MCP server configured, or none started, never compiles it.
import type * as McpSdkModule from './mcp-sdk';

/** The SDK's runtime values (see mcp-sdk.ts). */
export type McpSdk = typeof McpSdkModule;

let loaded: McpSdk | undefined;
let loading: Promise<McpSdk> | undefined;

/** The SDK, imported once per process. */
export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= import('./mcp-sdk').then((sdk) => (loaded = sdk));
  return loading;
}

/**
 * The SDK if something already loaded it, else undefined. Enough for `instanceof` checks: an SDK client, transport
 * or error can only exist once the SDK is loaded.
 */
export function loadedMcpSdk(): McpSdk | undefined {
  return loaded;
}
