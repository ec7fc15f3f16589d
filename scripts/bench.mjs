// `npm run bench`: medians for core start-up, per-turn loop overhead (1,000-message session, one tool call),
// and one real CLI turn (wall time and peak RSS) against the scripted OpenAI-compatible server.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, cliBundleIsStale, ROOT } from './build-cli.mjs';
import { timedRun } from './bench/timed-run.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CLI_RUNS = Number(process.env.BENCH_CLI_RUNS ?? 7);

const fmt = (n) => n.toFixed(n < 10 ? 2 : 1);
const verdict = (value, target) => (value <= target ? 'ok' : 'MISSED');

/** Bundles scripts/bench/core-bench.ts exactly like the CLI (same inlining) into out/bench/. */
async function bundleBench() {
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'core-bench.mjs'), entry: 'scripts/bench/core-bench.ts' });
  return import(pathToFileURL(outfile).href);
}

/** A new Node process that loads the bundled core and creates it once; returns ms since its start. */
function coldStart(home) {
  const entry = pathToFileURL(join(ROOT, 'out', 'bench', 'core-bench.mjs')).href;
  const code = `import(${JSON.stringify(entry)}).then(async (b) => { const r = await b.coldStartOnce(${JSON.stringify(home)}); console.log(r.sinceProcessStart); })`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (c) => (c === 0 ? resolve(Number(out.trim())) : reject(new Error(`cold start exited ${c}`))));
  });
}

async function runCliOnce(home, probeFile) {
  const { wall, out } = await timedRun({
    args: ['--require', join(ROOT, 'scripts', 'bench', 'rss-probe.cjs'), join(ROOT, 'bin', 'nanotray.mjs'), 'agent', '-m', 'hello'],
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: home, NANOTRAY_HOME: home, NANOTRAY_RSS_PROBE: probeFile },
  });
  const probe = JSON.parse(readFileSync(probeFile, 'utf8'));
  return { wall, rssKb: probe.maxRssKb, cpuMs: probe.cpuMs, out };
}

async function main() {
  if (cliBundleIsStale()) await buildCli();
  const bench = await bundleBench();

  const only = process.env.BENCH_ONLY ?? '';
  if (only === 'overhead') {
    console.log(`turn_overhead_ms median=${fmt(bench.median(await bench.measureTurnOverhead(RUNS)))}`);
    return;
  }
  const startup = await bench.measureStartup(RUNS);
  const warmStart = bench.median(startup.warm);
  console.log(`startup_ms median=${fmt(warmStart)} (createCore with an existing home, code loaded: the desktop app's core start; first run with a fresh home median=${fmt(bench.median(startup.fresh))}; target ≤ 50) runs=${RUNS} ${verdict(warmStart, 50)}`);

  const coldHome = bench.makeBenchHome();
  const cold = [];
  try {
    for (let i = 0; i < Math.min(RUNS, 9); i++) cold.push(await coldStart(coldHome));
  } finally {
    rmSync(coldHome, { recursive: true, force: true });
  }
  console.log(`startup_cold_ms median=${fmt(bench.median(cold))} (new process: module loading + createCore; no target of its own, it is part of the CLI turn) runs=${cold.length}`);

  const scrubMs = bench.median(bench.measureScrub(RUNS));
  console.log(`scrub_tool_result_ms median=${fmt(scrubMs)} (128,000 characters, 8 secrets in every form; target < 20) runs=${RUNS} ${verdict(scrubMs, 20)}`);

  const overhead = await bench.measureTurnOverhead(RUNS);
  const overheadMs = bench.median(overhead);
  console.log(`turn_overhead_ms median=${fmt(overheadMs)} (one-tool turn, session of 1000+ messages, wall minus model time; target < 5) runs=${RUNS} ${verdict(overheadMs, 5)}`);

  const llm = await bench.startScriptedLlm();
  llm.setFallback({ text: ['Hello', ' from the bench.'] });
  const home = mkdtempSync(join(tmpdir(), 'nanotray-bench-cli-'));
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ providers: { bench: { apiKey: 'sk-bench-000000', baseUrl: llm.baseUrl } }, agent: { provider: 'bench', model: 'fake-model', providerRetryMode: 'none' }, heartbeat: { enable: false } }),
  );
  try {
    const walls = [];
    const rss = [];
    const cpu = [];
    await runCliOnce(home, join(home, 'rss.txt')); // warm the OS file cache
    for (let i = 0; i < CLI_RUNS; i++) {
      const r = await runCliOnce(home, join(home, 'rss.txt'));
      walls.push(r.wall);
      rss.push(r.rssKb / 1024);
      cpu.push(r.cpuMs);
    }
    const wall = bench.median(walls);
    const peak = bench.median(rss);
    console.log(`cli_turn_ms median=${fmt(wall)} (wall; cpu median=${fmt(bench.median(cpu))} ms; the issue's rough target ≤ 300, side by side with the port in bench-peer) runs=${CLI_RUNS} ${verdict(wall, 300)}`);
    console.log(`cli_peak_rss_mb median=${fmt(peak)} max=${fmt(Math.max(...rss))} (target ≤ 85) ${verdict(peak, 85)}`);
  } finally {
    await llm.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
