// The handlers a connection puts on its client before the first message: the server's requests for input, its
// notifications that a list changed (each list is re-read within a bound) and that a subscribed resource changed.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../lib/clock';
import type { McpSdk } from './mcp-sdk-loader';
import { listPrompts, listResources, listResourceTemplates, listTools, type ServerCatalog } from './server-catalog';

export interface ServerListeners {
  /** A part of the catalog was re-listed (`tools: true` when it is the tools: a running call waits for those). */
  onListChanged(list: () => Promise<Partial<ServerCatalog>>, tools: boolean): void;
  /** A resource Nanotray subscribed to changed. */
  onResourceUpdated(uri: string): void;
  /** The server asks the user for input; `signal` is its cancel of the request. */
  elicit(params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
}

/** Registers the handlers on `client` (call before connecting); `sdk` holds the schemas they are matched by. */
export function listenToServer(client: Client, sdk: McpSdk, listeners: ServerListeners): void {
  const { ElicitRequestSchema, PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema, ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema } = sdk;
  client.setRequestHandler(ElicitRequestSchema, (request, extra) => listeners.elicit(request.params, extra.signal));
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listeners.onListChanged(async () => ({ tools: await listTools(client) }), true);
  });
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    listeners.onListChanged(async () => {
      const [resources, resourceTemplates] = await Promise.all([listResources(client), listResourceTemplates(client).catch(() => [])]);
      return { resources, resourceTemplates };
    }, false);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => listeners.onResourceUpdated(notification.params.uri));
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
    listeners.onListChanged(async () => ({ prompts: await listPrompts(client) }), false);
  });
}

/** Runs `work`, failing with "no answer within Ns" after `ms` on the core's clock. */
export async function within<T>(work: () => Promise<T>, clock: Clock, ms: number): Promise<T> {
  let cancelTimer: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    cancelTimer = clock.setTimeout(() => reject(new Error(`no answer within ${ms / 1000}s`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    cancelTimer?.();
  }
}
