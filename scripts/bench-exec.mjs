// `node scripts/bench-exec.mjs`: the exec figures (bash grammar load, command analysis, sandbox overhead), from a
// bundle built exactly like the CLI (so it also shows the grammar's WASM loads inside the esbuild bundle).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, ROOT } from './build-cli.mjs';

const fmt = (n) => (Number.isNaN(n) ? 'n/a' : n.toFixed(n < 10 ? 2 : 1));

/** Runs the bench and returns its lines (`name value (details)`). */
export async function runExecBenchFigures(runs = Number(process.env.BENCH_RUNS ?? 20)) {
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'exec-bench.mjs'), entry: 'scripts/bench/exec-bench.ts' });
  const { runExecBench } = await import(pathToFileURL(outfile).href);
  const f = await runExecBench(runs);
  const load = `load=${loadavg()[0].toFixed(1)}`;
  return [
    `bash_grammar_load_ms ${fmt(f.grammarLoadMs)} (web-tree-sitter + tree-sitter-bash WASM, once per process, at start-up; target < 200) ${load}`,
    `command_analysis_ms median=${fmt(f.analyzeMedianMs)} (parse + rules for one command, plain and hostile; target < 5) runs=${runs * 5}`,
    `exec_sandbox ${f.sandbox}`,
    `exec_overhead_ms bare=${fmt(f.bareExecMedianMs)} sandboxed=${fmt(f.sandboxedExecMedianMs)} (median of \`sh -c true\` through runProcessTree; target: the sandbox adds < 50) runs=${runs} ${load}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runExecBenchFigures()
    .then((lines) => console.log(lines.join('\n')))
    .catch((err) => {
      console.error(`bench-exec failed: ${err instanceof Error ? err.stack : String(err)}`);
      process.exitCode = 1;
    });
}
