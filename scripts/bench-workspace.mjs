// `node scripts/bench-workspace.mjs`: the workspace figures (system prompt tokens with the default workspace
// and 50 skills, per-turn context overhead with a 10,000-message session, prompt rebuild after a change).
// The lead's bench can import runWorkspaceBenchFigures() and print the same lines.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, ROOT } from './build-cli.mjs';

const fmt = (n) => n.toFixed(n < 10 ? 2 : 1);

/** Bundles scripts/bench/workspace-bench.ts exactly like the CLI (scripts/build-cli.mjs) and loads it. */
async function bundle() {
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'workspace-bench.mjs'), entry: 'scripts/bench/workspace-bench.ts' });
  return import(pathToFileURL(outfile).href);
}

/** Runs the bench and returns its lines (`name value (details)`). */
export async function runWorkspaceBenchFigures(runs = Number(process.env.BENCH_RUNS ?? 20)) {
  const { runWorkspaceBench } = await bundle();
  const f = await runWorkspaceBench(ROOT, runs);
  return [
    `system_prompt_tokens ${f.systemPromptTokens} (default workspace + ${f.skillsInstalled} skills, o200k_base; target < 3000)`,
    `context_turn_overhead_ms median=${fmt(f.turnOverheadMs)} min=${fmt(f.turnOverheadMinMs)} (context build for a 10,000-message session: prompt, window, note; first cold turn ${fmt(f.firstTurnMs)} ms with tokenizer load; target < 10) runs=${runs} load=${loadavg()[0].toFixed(1)}`,
    `history_load_ms median=${fmt(f.historyLoadMs)} (loading those 10,000 messages from SQLite, done by the session runner)`,
    `consolidated_turn_ms median=${fmt(f.consolidatedTurnMs)} (same session after consolidation: load the ${f.consolidatedMessages} unconsolidated messages + build)`,
    `prompt_rebuild_after_change_ms median=${fmt(f.rebuildAfterChangeMs)} (MEMORY.md edited: re-read, assemble, count tokens) runs=${runs}`,
    `long_run_count_ms median=${fmt(f.longRunCountMs)} (tokens of a new 50,000-char unbroken run, counted in 64-char slices, so linear; target < 1000) runs=${runs}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runWorkspaceBenchFigures()
    .then((lines) => console.log(lines.join('\n')))
    .catch((err) => {
      console.error(`bench-workspace failed: ${err instanceof Error ? err.stack : String(err)}`);
      process.exitCode = 1;
    });
}
