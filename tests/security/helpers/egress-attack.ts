// The red team's bench for sandboxed egress: loopback servers that count what reaches them, a core whose scripted
// model runs an attack script (written into the workspace) with exec, and what the model was told.
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { EgressRecord } from '../../../src-main/core/tools/egress/egress-record';
import type { ResolveAll } from '../../../src-main/core/tools/egress/admission';
import type { ScriptedCore } from '../../helpers/scripted-core';
import { recordedToolResult } from '../../helpers/recorded-tool-result';

export const SECRET = 'user-md-secret-4412';

/** An HTTP server on 127.0.0.1 that records `METHOD url host body` of every request. */
export interface CountingServer {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

export async function startCountingServer(answer: string): Promise<CountingServer> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      hits.push(`${req.method} ${req.url} ${req.headers.host ?? ''} ${body}`.trim());
      res.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, hits, close: () => new Promise((r) => server.close(() => r())) };
}

/** A raw TCP server on 127.0.0.1 that answers every connection's first bytes with `reply` and hangs up. */
export async function startRawServer(reply: string): Promise<{ port: number; close(): Promise<void> }> {
  const server: NetServer = createNetServer((s) => {
    s.on('error', () => s.destroy());
    s.once('data', () => s.end(reply));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) };
}

export interface Attacker {
  core: ReturnType<ScriptedCore['open']>;
  ledger: EgressRecord[];
  /** Writes `name` into the workspace (the attack script the model then runs). */
  write(name: string, text: string): void;
  /** An "always allow" rule for exactly this command, in the workspace. */
  allowCommand(command: string): void;
  /** The scripted model runs `command` with exec; resolves with the tool result it was sent. */
  run(command: string, options?: { sessionKey?: string; interactive?: boolean }): Promise<string>;
}

const childEnv = () => ({ HOME: '/var/tmp', PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' });

let calls = 0;

/** A core in approval `mode` whose commands' egress goes through the proxy; USER.md holds SECRET. */
export function openAttacker(
  t: ScriptedCore,
  mode: 'ask' | 'auto',
  extra: { exec?: Record<string, unknown>; allowPrivateHosts?: string[]; resolveAll?: ResolveAll } = {},
): Attacker {
  const ledger: EgressRecord[] = [];
  const core = t.open(
    // the workspace fence is not what these tests are about (bash's /dev/tcp is a "path" to it)
    { tools: { approval: { mode }, restrictToWorkspace: false, exec: extra.exec ?? {}, web: { allowPrivateHosts: extra.allowPrivateHosts ?? [] } } },
    {
      tools: {
        ledger: { record: (e: EgressRecord) => ledger.push(e) },
        exec: { parentEnv: childEnv(), ...(extra.resolveAll ? { resolveAll: extra.resolveAll } : {}) },
      },
    },
  );
  writeFileSync(join(core.workspace(), 'USER.md'), SECRET);
  return {
    core,
    ledger,
    write: (name, text) => writeFileSync(join(core.workspace(), name), text),
    allowCommand: (command) => {
      core.approvals.addRule({ tool: 'exec', kind: 'exact', pattern: command, cwd: realpathSync(core.workspace()) });
    },
    async run(command, options = {}) {
      const id = `redteam_${++calls}`;
      t.llm.enqueue({ toolCalls: [{ id, name: 'exec', arguments: { command, timeout: 60 } }] }, { text: 'done' });
      const result = await core.sessions.run({ sessionKey: options.sessionKey ?? 'cron:redteam', text: 'back up my notes', interactive: options.interactive ?? false });
      expect(result.stopReason).toBe('completed');
      return recordedToolResult(t.llm.requests, id);
    },
  };
}

/**
 * A bash function for attack scripts: `raw 'REQUEST'` sends the bytes (printf format) to the proxy inside the
 * sandbox (127.0.0.1:3128) and prints what comes back, for at most 5 s.
 */
export const RAW_PROXY_FN = `raw() { exec 3<>/dev/tcp/127.0.0.1/3128 || return; printf "$1" >&3; timeout 5 cat <&3; echo; exec 3<&-; }\n`;
