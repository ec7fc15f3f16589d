// `node scripts/bench-exec.mjs`: the exec figures (bash grammar load, command analysis, sandbox overhead, the egress
// proxy's cost per command and per connection, a download through it), from bundles built exactly like the CLI (so
// it also shows the grammar's WASM loads inside the esbuild bundle).
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
    ...(await egressLines(runs)),
  ];
}

/** The egress proxy's figures (sandbox + proxy + socat bridge per command, per connection, throughput). */
async function egressLines(runs) {
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'egress-bench.mjs'), entry: 'scripts/bench/egress-bench.ts' });
  const { runEgressBench } = await import(pathToFileURL(outfile).href);
  const f = await runEgressBench(runs);
  const load = `load=${loadavg()[0].toFixed(1)}`;
  return [
    `egress_sandbox ${f.network}`,
    `egress_command_ms bare=${fmt(f.bareExecMedianMs)} sandbox+proxy=${fmt(f.proxiedExecMedianMs)} added=${fmt(f.proxiedExecMedianMs - f.bareExecMedianMs)} (median of \`sh -c true\` with its own proxy and socat bridge; target: added < 30) runs=${runs} ${load}`,
    `egress_connection_ms direct=${fmt(f.directConnectMedianMs)} proxied=${fmt(f.proxiedConnectMedianMs)} added=${fmt(f.proxiedConnectMedianMs - f.directConnectMedianMs)} (median connect + CONNECT + one byte there and back; target: added < 5) runs=${runs * 5}`,
    `egress_download_mb_s ${fmt(f.downloadMBps)} (256 MB through a CONNECT tunnel on loopback; target >= 50) ${load}`,
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
