#!/usr/bin/env node
// `node scripts/bench-store.mjs`: what nothing-is-lost costs, each figure with its target: the session lease per turn
// and an online backup of a 100,000-message database (with the event loop's longest wait while it runs).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, ROOT } from './build-cli.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const fmt = (n) => n.toFixed(n < 10 ? 2 : 1);
const verdict = (value, target) => (value <= target ? 'ok' : 'MISSED');

const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'store-bench.mjs'), entry: 'scripts/bench/store-bench.ts' });
const bench = await import(pathToFileURL(outfile).href);
const lease = await bench.leaseCost(RUNS);
console.log(`session_lease_ms median=${fmt(lease.medianMs)} (take + release the lease of a session, once per turn; first ${fmt(lease.firstMs)} ms makes its lock file; target < 2) runs=${RUNS} load=${loadavg()[0].toFixed(2)} ${verdict(lease.medianMs, 2)}`);
const backup = await bench.backupCost(100_000);
console.log(`backup_100k_ms ${fmt(backup.ms)} (online backup of a 100,000-message database, ${fmt(backup.mb)} MB; longest event-loop wait meanwhile ${fmt(backup.maxLoopDelayMs)} ms; target < 1000) load=${loadavg()[0].toFixed(2)} ${verdict(backup.ms, 1000)}`);
