#!/usr/bin/env node
// `node scripts/bench-peer.mjs`: one cold `agent -m` turn of Nanotray side by side with the TypeScript nanobot
// port (@jcheesepkg/nanobot 0.9.2, installed from the npm registry into a temp folder) and a bare Node script
// that makes the same one request (the floor), interleaved, medians of 5, against one scripted model on
// 127.0.0.1. Also `npx nanotray` against the direct `node bin/nanotray.mjs`. A benchmark, never a test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, cliBundleIsStale, ROOT } from './build-cli.mjs';
import { startScriptedModel } from './bench/scripted-model.mjs';
import { timedRun } from './bench/timed-run.mjs';

const PEER = '@jcheesepkg/nanobot';
const PEER_VERSION = '0.9.2';
const RUNS = Number(process.env.BENCH_PEER_RUNS ?? 5);
const PROBE = join(ROOT, 'scripts', 'bench', 'rss-probe.cjs');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 0) => n.toFixed(d);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** The port, installed once per version into a temp folder (reused by later runs). */
function installPeer() {
  const dir = join(tmpdir(), `nanotray-bench-nanobot-${PEER_VERSION}`);
  const cli = join(dir, 'node_modules', ...PEER.split('/'), 'dist', 'cli', 'index.mjs');
  if (existsSync(cli)) return cli;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-peer', private: true }));
  console.log(`installing ${PEER}@${PEER_VERSION} into ${dir} …`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', `${PEER}@${PEER_VERSION}`], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(cli)) throw new Error(`npm could not install ${PEER}@${PEER_VERSION}`);
  return cli;
}

/** Runs `node [--require probe] args…` (or `cmd`) once: wall ms, peak RSS MB and CPU ms of the process. */
async function measure({ cmd = process.execPath, args, env, cwd = ROOT, expect }) {
  const probeFile = join(tmpdir(), `nanotray-bench-probe-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const { wall } = await timedRun({ cmd, args, cwd, env: { ...env, NANOTRAY_RSS_PROBE: probeFile, NODE_OPTIONS: `--require ${PROBE}` }, expect });
  // (under npx the probe file holds whichever node process exited last: only its wall time is used)
  const probe = JSON.parse(readFileSync(probeFile, 'utf8'));
  rmSync(probeFile, { force: true });
  return { wall, rss: probe.maxRssKb / 1024, cpu: probe.cpuMs };
}

function summary(name, runs) {
  return { name, wall: median(runs.map((r) => r.wall)), rss: median(runs.map((r) => r.rss)), cpu: median(runs.map((r) => r.cpu)) };
}

async function main() {
  if (cliBundleIsStale()) await buildCli();
  const peerCli = installPeer();
  const model = await startScriptedModel();
  const base = { PATH: process.env.PATH };
  const ntHome = mkdtempSync(join(tmpdir(), 'nanotray-bench-peer-'));
  const nbHome = mkdtempSync(join(tmpdir(), 'nanotray-bench-nanobot-home-'));
  mkdirSync(join(nbHome, 'workspace'));
  writeFileSync(
    join(ntHome, 'config.json'),
    JSON.stringify({ providers: { bench: { apiKey: 'sk-bench-000000', baseUrl: model.baseUrl } }, agent: { provider: 'bench', model: 'bench-model', providerRetryMode: 'none' }, heartbeat: { enable: false } }),
  );
  const floorScript = `fetch(${JSON.stringify(`${model.baseUrl}/chat/completions`)}, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' }, body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'hello' }] }) }).then((r) => r.text()).then((t) => process.stdout.write(t.includes('bench') ? 'Hello from the bench.\\n' : t))`;
  const subjects = {
    nanotray: { args: [join(ROOT, 'bin', 'nanotray.mjs'), 'agent', '-m', 'hello'], env: { ...base, HOME: ntHome, NANOTRAY_HOME: ntHome }, expect: 'Hello from the bench.' },
    nanobot: {
      args: [peerCli, 'agent', '-m', 'hello'],
      env: { ...base, HOME: nbHome, LLM_API_KEY: 'sk-bench-000000', LLM_API_BASE: model.baseUrl, LLM_MODEL: 'bench-model', NANOBOT_WORKSPACE: join(nbHome, 'workspace') },
      expect: 'Hello from the bench.',
    },
    floor: { args: ['-e', floorScript], env: base, expect: 'Hello from the bench.' },
  };
  const names = Object.keys(subjects);
  const results = Object.fromEntries(names.map((n) => [n, []]));
  const loadBefore = load();
  try {
    for (const n of names) await measure(subjects[n]); // warm the OS file cache
    for (let i = 0; i < RUNS; i++) {
      const order = names.map((_, k) => names[(k + i) % names.length]); // rotate who goes first
      for (const n of order) results[n].push(await measure(subjects[n]));
    }
    const s = Object.fromEntries(names.map((n) => [n, summary(n, results[n])]));
    console.log(`One cold \`agent -m\` turn, interleaved, medians of ${RUNS} (load before: ${loadBefore}; after: ${load()}):`);
    for (const n of names) console.log(`  ${n.padEnd(9)} wall ${fmt(s[n].wall).padStart(5)} ms   peak RSS ${fmt(s[n].rss, 1).padStart(6)} MB   cpu ${fmt(s[n].cpu).padStart(5)} ms   (${results[n].map((r) => fmt(r.wall)).join(' ')})`);
    const wallRatio = s.nanotray.wall / s.nanobot.wall;
    const rssRatio = s.nanotray.rss / s.nanobot.rss;
    console.log(`peer_cli_turn_ratio ${wallRatio.toFixed(2)} (Nanotray wall / ${PEER} ${PEER_VERSION} wall; target ≤ 0.80) ${wallRatio <= 0.8 ? 'ok' : 'MISSED'}`);
    console.log(`peer_cli_cpu_ratio ${(s.nanotray.cpu / s.nanobot.cpu).toFixed(2)} (CPU time, user + system; steadier than wall on a busy machine)`);
    console.log(`peer_cli_rss_ratio ${rssRatio.toFixed(2)} (Nanotray peak RSS / the port's; target ≤ 1.10) ${rssRatio <= 1.1 ? 'ok' : 'MISSED'}`);
    console.log(`cli_turn_over_floor_ms ${fmt(s.nanotray.wall - s.floor.wall)} (Nanotray wall minus a bare Node fetch of the same answer; the issue's rough target: a turn ≤ 300 ms, ≤ 85 MB)`);

    const npx = [];
    const direct = [];
    const npxRuns = Math.max(3, Math.floor(RUNS / 2));
    for (let i = 0; i < npxRuns; i++) {
      npx.push(await measure({ ...subjects.nanotray, cmd: 'npx', args: ['--no-install', 'nanotray', 'agent', '-m', 'hello'] }));
      direct.push(await measure(subjects.nanotray));
    }
    const npxWall = median(npx.map((r) => r.wall));
    const directWall = median(direct.map((r) => r.wall));
    console.log(`npx_overhead_ms ${fmt(npxWall - directWall)} (\`npx nanotray agent -m\` ${fmt(npxWall)} ms vs \`node bin/nanotray.mjs\` / a linked \`nanotray\` ${fmt(directWall)} ms, medians of ${npxRuns}; npm's own start-up)`);
  } finally {
    await model.close();
    rmSync(ntHome, { recursive: true, force: true });
    rmSync(nbHome, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench-peer failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
