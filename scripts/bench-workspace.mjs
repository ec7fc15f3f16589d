// `node scripts/bench-workspace.mjs`: the workspace figures (system prompt tokens with the default workspace
// and 50 skills, prompt rebuild after a change, a long unbroken run). Long sessions: bench-session.mjs.
// The lead's bench can import runWorkspaceBenchFigures() and print the same lines.
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
