// A byte tunnel between a client and an admitted target: connect, tell the client, pipe both ways, count the bytes.
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Admission } from './admission';

const CONNECT_TIMEOUT_MS = 15_000;

/**
 * Connects to the admitted address. `onOpen` writes the client's success reply; `onFail` its failure reply.
 * The tunnel closes as a whole when either end does; the bytes are recorded once, at the end.
 */
export function openTunnel(
  client: Duplex,
  admitted: Extract<Admission, { kind: 'admitted' }>,
  head: Buffer,
  replies: { onOpen(): void; onFail(): void },
): void {
  const upstream: Socket = connect({ host: admitted.address, port: admitted.target.port });
  let open = false;
  upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy());
  upstream.once('connect', () => {
    open = true;
    upstream.setTimeout(0);
    replies.onOpen();
    if (head.length > 0) upstream.write(head);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  upstream.on('error', () => {
    if (!open) replies.onFail();
  });
  upstream.on('close', () => {
    if (!open && !client.destroyed) replies.onFail();
    admitted.done(upstream.bytesWritten, upstream.bytesRead);
    client.destroy();
  });
  client.on('error', () => upstream.destroy());
  client.on('close', () => upstream.destroy());
}
