// `node scripts/bench-providers.mjs`: the provider figures (stream assembly rate, transport rate through the openai
// SDK on loopback, overhead of one short call, per-attempt client), from a bundle built like the CLI.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, ROOT } from './build-cli.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const fmt = (n) => (n >= 1000 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n < 10 ? 2 : 1));

async function main() {
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'provider-bench.mjs'), entry: 'scripts/bench/provider-bench.ts' });
  const b = await import(pathToFileURL(outfile).href);
  const load = () => `load=${loadavg()[0].toFixed(1)}`;
  console.log(`assembler_chunks_per_s median=${fmt(b.median(b.measureAccumulator(RUNS)))} (StreamAccumulator: <think> split, text, two parallel tool calls; target > 500,000) runs=${RUNS} ${load()}`);
  console.log(`sdk_client_create_us median=${fmt(b.median(b.measureClientCreate(RUNS)))} (one openai client per attempt; target < 200) runs=${RUNS}`);
  const t = await b.measureTransport(RUNS);
  console.log(`transport_chunks_per_s median=${fmt(b.median(t.chunksPerSecond))} (2,000-chunk answer, scripted server in the same process → core HTTP client → tap → openai SDK → accumulator, loopback; target > 10,000: 100× a fast model's ~100 tokens/s) runs=${RUNS} ${load()}`);
  console.log(`provider_call_overhead_ms median=${fmt(b.median(t.shortCallMs))} (three-chunk answer on loopback, request to result; target < 10) runs=${RUNS} ${load()}`);
}

main().catch((err) => {
  console.error(`bench-providers failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
