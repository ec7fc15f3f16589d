#!/usr/bin/env node
// `node scripts/bench-session.mjs`: long sessions, every figure with its target: a 10,000-message session's window
// read with its stored counts and its context build, in a new process (tokenizer not loaded) and in a warm one,
// a 1,000-message session, and full-text search over 100,000 messages.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, ROOT } from './build-cli.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const fmt = (n) => n.toFixed(n < 10 ? 2 : 1);
const verdict = (value, target) => (value <= target ? 'ok' : 'MISSED');

async function bundle() {
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'session-bench.mjs'), entry: 'scripts/bench/session-bench.ts' });
  return { bench: await import(pathToFileURL(outfile).href), url: pathToFileURL(outfile).href };
}

/** coldTurn in a new Node process: what the first turn of a CLI run or an app start costs. */
function coldTurn(url, dir, key) {
  const code = `import(${JSON.stringify(url)}).then((b) => b.coldTurn(${JSON.stringify(ROOT)}, ${JSON.stringify(dir)}, ${JSON.stringify(key)})).then((r) => console.log(JSON.stringify(r)))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (c) => (c === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`cold turn exited ${c}`))));
  });
}

async function main() {
  const { bench, url } = await bundle();
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-bench-session-'));
  try {
    bench.seedSessions(ROOT, dir);
    const first = await bench.countOnce(ROOT, dir);
    const cold = { [bench.BIG]: [], [bench.SMALL]: [] };
    for (let i = 0; i < COLD_RUNS; i++) for (const key of [bench.BIG, bench.SMALL]) cold[key].push(await coldTurn(url, dir, key));
    const big = cold[bench.BIG];
    const m = (rs, f) => bench.median(rs.map(f));
    const warmBig = bench.median(await bench.warmBuilds(ROOT, dir, bench.BIG, RUNS));
    const warmSmall = bench.median(await bench.warmBuilds(ROOT, dir, bench.SMALL, RUNS));
    const fts = bench.ftsSearch(RUNS);
    const load = loadavg()[0].toFixed(2);
    const coldTotal = m(big, (r) => r.loadMs + r.buildMs);
    console.log(`session_first_turn_ms median=${fmt(coldTotal)} (new process, 10,000-message session: window read ${fmt(m(big, (r) => r.loadMs))} ms + context build ${fmt(m(big, (r) => r.buildMs))} ms; ${big[0].messages} messages in the window (agent.maxHistoryMessages, default 500), ${big[0].unread} older left unread; tokenizer loaded: ${big.some((r) => r.tokenizerLoaded)}; target ≤ 30) runs=${COLD_RUNS} load=${load} ${verdict(coldTotal, 30)}`);
    const coldSmall = m(cold[bench.SMALL], (r) => r.loadMs + r.buildMs);
    console.log(`session_first_turn_1k_ms median=${fmt(coldSmall)} (new process, 1,000-message session, read + build; no target of its own) runs=${COLD_RUNS}`);
    console.log(`context_build_10k_ms median=${fmt(warmBig)} (context build, 10,000-message session, window cached, counts known; target ≤ 10) runs=${RUNS} ${verdict(warmBig, 10)}`);
    console.log(`context_build_1k_ms median=${fmt(warmSmall)} (context build, 1,000-message session; target ≤ 3) runs=${RUNS} ${verdict(warmSmall, 3)}`);
    console.log(`session_first_count_ms ${fmt(first.firstEverMs)} (once per session: tokenizer load + exact counts of a window never counted, then stored; no target)`);
    console.log(`fts_search_100k_ms median=${fmt(fts.medianMs)} (full-text search over 100,000 messages, ${fts.hits} hits; target ≤ 20) runs=${RUNS} ${verdict(fts.medianMs, 20)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench-session failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
