#!/usr/bin/env node
// `node scripts/bench-session-turn.mjs`: one cold `nanotray agent -m` turn in a session of 10,000 earlier messages
// against the same turn in an empty session, side by side in one home (interleaved, medians of 7), against one
// scripted model on 127.0.0.1. A first run of the long session stores its token counts, as a session that grew turn
// by turn has them. A benchmark, never a test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, cliBundleIsStale, ROOT } from './build-cli.mjs';
import { startScriptedModel } from './bench/scripted-model.mjs';
import { timedRun } from './bench/timed-run.mjs';

const RUNS = Number(process.env.BENCH_SESSION_TURN_RUNS ?? 7);
const MESSAGES = 10_000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** One `agent -m` turn in session `cli:<session>`: wall ms. */
async function turn(home, session) {
  const { wall } = await timedRun({
    args: [join(ROOT, 'bin', 'nanotray.mjs'), 'agent', '-m', 'hello', '--session', session],
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: home, NANOTRAY_HOME: home, NANOTRAY_SKIP_BUILD: '1' },
    expect: 'Hello from the bench.',
  });
  return wall;
}

async function main() {
  if (cliBundleIsStale()) await buildCli();
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'session-bench.mjs'), entry: 'scripts/bench/session-bench.ts' });
  const bench = await import(pathToFileURL(outfile).href);
  const model = await startScriptedModel();
  const home = mkdtempSync(join(tmpdir(), 'nanotray-bench-session-turn-'));
  try {
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ providers: { bench: { apiKey: 'sk-bench-000000', baseUrl: model.baseUrl } }, agent: { provider: 'bench', model: 'bench-model', providerRetryMode: 'none' }, heartbeat: { enable: false } }),
    );
    bench.seedSession(join(home, 'nanotray.db'), 'cli:long', MESSAGES);
    const before = model.requests();
    await turn(home, 'long'); // counts the window once and stores the counts (the tokenizer loads here only)
    const summaries = model.requests() - before - 1; // the first turn summarises what is past the window into memory
    await turn(home, 'warm-up'); // and the OS file cache
    const long = [];
    const empty = [];
    const loadBefore = load();
    for (let i = 0; i < RUNS; i++) {
      const pair = [() => turn(home, 'long').then((w) => long.push(w)), () => turn(home, `empty-${i}`).then((w) => empty.push(w))];
      if (i % 2) pair.reverse(); // alternate who goes first
      for (const run of pair) await run();
    }
    await turn(home, 'long');
    const sent = model.lastMessages();
    const ratio = median(long) / median(empty);
    const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(' ');
    console.log(`One cold \`agent -m\` turn, a ${MESSAGES.toLocaleString('en-US')}-message session vs an empty one, interleaved, medians of ${RUNS} (load before: ${loadBefore}; after: ${load()}):`);
    console.log(`  long session   wall ${median(long).toFixed(0).padStart(5)} ms   (${fmt(long)})`);
    console.log(`  empty session  wall ${median(empty).toFixed(0).padStart(5)} ms   (${fmt(empty)})`);
    console.log(`  the long session's turns send ${sent} messages (system prompt and the newest history: agent.maxHistoryMessages 500); its first turn summarised the older ones into memory in ${summaries} request(s) first`);
    console.log(`session_cli_turn_ratio ${ratio.toFixed(2)} (the long session's turn / the empty session's; target ≤ 1.15) ${ratio <= 1.15 ? 'ok' : 'MISSED'}`);
  } finally {
    await model.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench-session-turn failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
