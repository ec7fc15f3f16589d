// A loopback port with nothing listening on it (for "the server does not answer" cases).
import { createServer } from 'node:net';

/** Binds port 0, notes the port the OS gave, and closes it again. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
