// One attempt to connect to a server: open the client (stdio or HTTP, with its handlers in place first) and list
// what it offers, within the timeout; a connect that loses the race is closed when it finishes late.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerConfig } from '../../../src-preload/contract/config-schema';
import type { Clock } from '../lib/clock';
import { closeClient, openClient, type OpenClientOptions, type OpenedClient } from './mcp-transport';
import { listCatalog, type ServerCatalog } from './server-catalog';
import { within } from './server-listeners';

export type ConnectAttempt = { ok: true; opened: OpenedClient; catalog: ServerCatalog } | { ok: false; error: unknown } | { ok: false; stopped: true };

export interface ConnectAttemptOptions extends OpenClientOptions {
  clock: Clock;
  /** Whether the connection was stopped meanwhile (then what was opened is closed at once). */
  isStopped(): boolean;
}

/** Never throws: a failure comes back with its error. */
export async function attemptConnect(config: McpServerConfig, options: ConnectAttemptOptions): Promise<ConnectAttempt> {
  let client: Client | undefined;
  let opening: Promise<OpenedClient> | undefined;
  const prepare: OpenClientOptions['prepare'] = (c, sdk) => {
    client = c;
    options.prepare(c, sdk);
  };
  try {
    const result = await within(
      async () => {
        opening = openClient(config, { ...options, prepare });
        const opened = await opening;
        client = opened.client;
        if (options.isStopped()) return undefined;
        return { opened, catalog: await listCatalog(opened.client) };
      },
      options.clock,
      config.timeout * 1000,
    );
    if (!result || options.isStopped()) {
      if (client) await closeClient(client);
      return { ok: false, stopped: true };
    }
    return { ok: true, ...result };
  } catch (error) {
    // A connect that lost the race against the timeout may still finish: close what it opens.
    void opening?.then((o) => o.client.close(), () => {});
    const current = client as Client | undefined;
    await current?.close().catch(() => {});
    return options.isStopped() ? { ok: false, stopped: true } : { ok: false, error };
  }
}
