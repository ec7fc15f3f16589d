// The SOCKS5 side of the egress proxy (RFC 1928): no authentication, CONNECT only, IPv4, IPv6 and domain names
// (so `socks5h://` clients leave DNS to the proxy). A refusal is reply 0x02, "not allowed by ruleset".
import type { Socket } from 'node:net';
import type { Admit } from './http-proxy';
import { openTunnel } from './tunnel';

const HANDSHAKE_TIMEOUT_MS = 10_000;

/** SOCKS5 reply codes used here. */
export const SOCKS_REPLY = { ok: 0x00, failure: 0x01, notAllowed: 0x02, hostUnreachable: 0x04, commandNotSupported: 0x07, addressNotSupported: 0x08 } as const;

function reply(code: number): Buffer {
  return Buffer.from([0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
}

/** A parsed CONNECT request and how many bytes it took; `error` is the reply code of one we refuse to read. */
type Parsed = { host: string; port: number; length: number } | { error: number } | undefined;

function ipv6Of(bytes: Buffer): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
}

/** Reads the request after the greeting: VER CMD RSV ATYP ADDR PORT. Undefined while incomplete. */
export function parseSocksRequest(buf: Buffer): Parsed {
  if (buf.length < 5) return undefined;
  if (buf[0] !== 0x05) return { error: SOCKS_REPLY.failure };
  if (buf[1] !== 0x01) return { error: SOCKS_REPLY.commandNotSupported };
  const type = buf[3];
  let host: string;
  let at: number;
  if (type === 0x01) {
    if (buf.length < 10) return undefined;
    host = [...buf.subarray(4, 8)].join('.');
    at = 8;
  } else if (type === 0x03) {
    const length = buf[4]!;
    if (length === 0) return { error: SOCKS_REPLY.addressNotSupported };
    if (buf.length < 5 + length + 2) return undefined;
    host = buf.subarray(5, 5 + length).toString('latin1');
    at = 5 + length;
  } else if (type === 0x04) {
    if (buf.length < 22) return undefined;
    host = ipv6Of(buf.subarray(4, 20));
    at = 20;
  } else {
    return { error: SOCKS_REPLY.addressNotSupported };
  }
  return { host, port: buf.readUInt16BE(at), length: at + 2 };
}

/** Serves one SOCKS5 client whose first bytes (`first`, starting with 0x05) were already read. */
export function handleSocks5(socket: Socket, first: Buffer, admit: Admit): void {
  let buf = first;
  let stage: 'greeting' | 'request' | 'deciding' = 'greeting';
  const timer = setTimeout(() => socket.destroy(), HANDSHAKE_TIMEOUT_MS);
  const fail = (code: number): void => {
    clearTimeout(timer);
    socket.end(reply(code));
  };
  const step = (): void => {
    if (stage === 'greeting') {
      if (buf.length < 2) return;
      const count = buf[1]!;
      if (buf.length < 2 + count) return;
      const methods = buf.subarray(2, 2 + count);
      buf = buf.subarray(2 + count);
      if (!methods.includes(0x00)) {
        clearTimeout(timer);
        socket.end(Buffer.from([0x05, 0xff]));
        return;
      }
      socket.write(Buffer.from([0x05, 0x00]));
      stage = 'request';
    }
    if (stage !== 'request') return;
    const parsed = parseSocksRequest(buf);
    if (!parsed) return;
    if ('error' in parsed) return fail(parsed.error);
    stage = 'deciding';
    socket.off('data', onData);
    socket.pause();
    clearTimeout(timer);
    const head = buf.subarray(parsed.length);
    void admit(parsed.host, parsed.port).then((admission) => {
      if (admission.kind === 'refused') return fail(SOCKS_REPLY.notAllowed);
      if (admission.kind === 'unreachable') return fail(SOCKS_REPLY.hostUnreachable);
      // still paused: the tunnel's pipe resumes it, so no byte the client sent early is lost
      openTunnel(socket, admission, head, { onOpen: () => socket.write(reply(SOCKS_REPLY.ok)), onFail: () => fail(SOCKS_REPLY.hostUnreachable) });
    });
  };
  const onData = (chunk: Buffer): void => {
    buf = Buffer.concat([buf, chunk]);
    if (buf.length > 600) return fail(SOCKS_REPLY.failure);
    step();
  };
  socket.on('data', onData);
  socket.on('error', () => socket.destroy());
  if (first[0] !== 0x05) return fail(SOCKS_REPLY.failure);
  step();
}
