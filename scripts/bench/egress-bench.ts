// Egress proxy figures, bundled like the CLI: what a command's sandbox with its proxy and socat bridge adds to
// `sh -c true`, what one proxied connection costs against a direct one, and a download's throughput through it.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema } from '../../src-preload/contract/config-schema';
import { proxyListenFor, systemSandbox } from '../../src-main/core/tools/os-sandbox/exec-sandbox';
import { openCommandEgress } from '../../src-main/core/tools/egress/command-egress';
import { startEgressProxy } from '../../src-main/core/tools/egress/proxy-server';
import { runProcessTree, userShell } from '../../src-main/core/tools/exec/process-tree';

export interface EgressBenchFigures {
  network: string;
  bareExecMedianMs: number;
  proxiedExecMedianMs: number;
  directConnectMedianMs: number;
  proxiedConnectMedianMs: number;
  downloadMBps: number;
}

const median = (xs: number[]): number => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : Number.NaN);
const DOWNLOAD_BYTES = 256 * 1024 * 1024;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function opened(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
}

function firstData(socket: Socket, until: (all: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let all = '';
    const onData = (d: Buffer): void => {
      all += d.toString('latin1');
      if (!until(all)) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData).once('error', reject);
  });
}

/** Connect, one byte there and back, close: directly, or through the proxy's socket with CONNECT. */
async function roundTrip(echoPort: number, proxySocket?: string): Promise<number> {
  const started = performance.now();
  const socket = proxySocket ? connect(proxySocket) : connect(echoPort, '127.0.0.1');
  await opened(socket);
  if (proxySocket) {
    socket.write(`CONNECT 127.0.0.1:${echoPort} HTTP/1.1\r\n\r\n`);
    await firstData(socket, (all) => all.includes('\r\n\r\n'));
  }
  socket.write('x');
  await firstData(socket, (all) => all.length > 0);
  const ms = performance.now() - started;
  socket.destroy();
  return ms;
}

async function download(bulkPort: number, proxySocket: string): Promise<number> {
  const socket = connect(proxySocket);
  await opened(socket);
  socket.write(`CONNECT 127.0.0.1:${bulkPort} HTTP/1.1\r\n\r\n`);
  await firstData(socket, (all) => all.includes('\r\n\r\n'));
  const started = performance.now();
  let got = 0;
  await new Promise<void>((resolve) => {
    socket.on('data', (d: Buffer) => (got += d.length));
    socket.on('close', () => resolve());
  });
  const seconds = (performance.now() - started) / 1000;
  return got / (1024 * 1024) / seconds;
}

export async function runEgressBench(runs: number): Promise<EgressBenchFigures> {
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-bench-egress-')));
  const echo = createServer((s) => s.pipe(s));
  const chunk = Buffer.alloc(1024 * 1024, 7);
  const bulk = createServer((s) => {
    let left = DOWNLOAD_BYTES / chunk.length;
    const pump = (): void => {
      while (left > 0) {
        left--;
        if (!s.write(chunk)) return void s.once('drain', pump);
      }
      s.end();
    };
    pump();
  });
  try {
    const echoPort = await listen(echo);
    const bulkPort = await listen(bulk);
    const exec = configSchema.parse({ tools: { exec: { network: 'on' } } }).tools.exec;
    const state = await systemSandbox.state(exec);
    const shell = userShell('true', { SHELL: '/bin/sh' });
    const bare: number[] = [];
    const proxied: number[] = [];
    const listenKind = proxyListenFor(state);
    for (let i = 0; i < runs; i++) {
      let started = performance.now();
      await runProcessTree({ shell, cwd: ws, env: { PATH: '/usr/bin:/bin' }, timeoutMs: 10_000 });
      bare.push(performance.now() - started);
      if (state.status !== 'on' || !listenKind) continue;
      started = performance.now();
      const egress = await openCommandEgress({ listen: listenKind, filter: 'open', decide: async () => 'open', source: { kind: 'exec', command: 'true' }, sessionKey: 'bench' });
      const wrapped = systemSandbox.wrap(shell, { workspace: ws, cwd: ws, nanotrayHome: '', userHome: tmpdir() }, { proxy: egress.proxy });
      await runProcessTree({ shell: wrapped, cwd: ws, env: { PATH: '/usr/bin:/bin', ...egress.env }, timeoutMs: 10_000 });
      await egress.close();
      proxied.push(performance.now() - started);
    }
    const proxy = await startEgressProxy({ kind: 'unix' }, { decide: async () => 'open', record: () => {} });
    const path = proxy.address.kind === 'unix' ? proxy.address.path : '';
    const direct: number[] = [];
    const through: number[] = [];
    for (let i = 0; i < runs * 5; i++) {
      direct.push(await roundTrip(echoPort));
      through.push(await roundTrip(echoPort, path));
    }
    const downloadMBps = await download(bulkPort, path);
    await proxy.close();
    return {
      network: state.status === 'on' ? `${state.kind}, network ${state.network}` : state.status,
      bareExecMedianMs: median(bare),
      proxiedExecMedianMs: median(proxied),
      directConnectMedianMs: median(direct),
      proxiedConnectMedianMs: median(through),
      downloadMBps,
    };
  } finally {
    echo.close();
    bulk.close();
    rmSync(ws, { recursive: true, force: true });
  }
}
