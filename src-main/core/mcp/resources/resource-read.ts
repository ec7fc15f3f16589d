// Reading one resource of a connected server (for the model's read tool and the composer's attachments): through
// the connection's request (deadline, breaker, sign-in), its contents bounded, and a subscription taken where the
// server offers them, so a change is noticed.
import type { McpConnection } from '../mcp-connection';
import { failure, type ServiceError } from '../../lib/core-error';
import { okResult, type Result } from '../../lib/result';
import { resourceView, type ResourceItem, type ResourceView } from './resource-content';

/** How a read failed: the server said no (`failed`), or it could not be asked (`unavailable`, `cancelled`, `timeout`). */
export type ResourceReadError = ServiceError<'failed' | 'unavailable'> | { code: 'cancelled' | 'timeout'; message: string };

export interface ResourceReadOptions {
  signal: AbortSignal;
  vision: boolean;
  maxChars?: number;
}

/** Reads `uri`; the view is bounded text (and pictures for vision models). The server's words are not marked here. */
export async function readResource(connection: McpConnection, uri: string, options: ResourceReadOptions): Promise<Result<ResourceView, ResourceReadError>> {
  const what = `resource '${uri}'`;
  const reply = await connection.request((client, sdkOptions) => client.readResource({ uri }, sdkOptions), { what, signal: options.signal });
  switch (reply.kind) {
    case 'answered': {
      connection.resources.markRead(uri);
      void subscribe(connection, uri);
      return okResult(resourceView(reply.value.contents as ResourceItem[], options.vision, options.maxChars));
    }
    case 'rejected':
      return failure('failed', `MCP server '${connection.name}' could not read ${what}: ${reply.message}`);
    case 'cancelled':
      return { ok: false, error: { code: 'cancelled', message: `Reading ${what} was cancelled` } };
    case 'timed_out':
      return { ok: false, error: { code: 'timeout', message: `Reading ${what} from MCP server '${connection.name}' timed out: ${reply.limit}` } };
    case 'unavailable':
      return failure('unavailable', reply.message);
  }
}

/** Subscribes once to a resource of a server that offers it; a refusal is forgotten (tried again on the next read). */
async function subscribe(connection: McpConnection, uri: string): Promise<void> {
  if (!connection.catalog.offers.resourceSubscribe || !connection.resources.claim(uri)) return;
  const reply = await connection.request((client, options) => client.subscribeResource({ uri }, options), {
    what: `subscription to '${uri}'`,
    signal: new AbortController().signal,
  });
  if (reply.kind !== 'answered') connection.resources.release(uri);
}
