#!/usr/bin/env node
// `node scripts/bench-idle.mjs [--minutes N]`: what an idle `nanotray daemon` costs. The home has a heartbeat every
// 30 minutes (the bundled HEARTBEAT.md) and two cron jobs due in an hour; after start-up settles, the bench counts
// for N minutes (default 1) every timer callback the daemon runs (a preloaded probe), its CPU time and its RSS.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, cliBundleIsStale, ROOT } from './build-cli.mjs';
import { startScriptedModel } from './bench/scripted-model.mjs';

const args = process.argv.slice(2);
const minutesFlag = args.indexOf('--minutes');
const windowMs = (minutesFlag >= 0 ? Number(args[minutesFlag + 1]) : 1) * 60_000;
const BIN = join(ROOT, 'bin', 'nanotray.mjs');
const PROBE = join(ROOT, 'scripts', 'bench', 'timer-probe.cjs');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function cli(argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`nanotray ${argv.join(' ')}: ${err.trim()}`))));
  });
}

async function main() {
  if (cliBundleIsStale()) await buildCli();
  const model = await startScriptedModel();
  const home = mkdtempSync(join(tmpdir(), 'nanotray-bench-idle-'));
  const probeFile = join(home, 'probe.json');
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      providers: { bench: { apiKey: 'sk-bench-000000', baseUrl: model.baseUrl } },
      agent: { provider: 'bench', model: 'bench-model', providerRetryMode: 'none' },
      heartbeat: { enable: true, intervalMinutes: 30 },
    }),
  );
  const env = { PATH: process.env.PATH, HOME: home, NANOTRAY_HOME: home, NANOTRAY_SKIP_BUILD: '1' };
  try {
    for (const name of ['hourly-a', 'hourly-b']) await cli(['cron', 'add', '--name', name, '--message', 'ping', '--every-seconds', '3600'], env);
    const daemon = spawn(process.execPath, ['--require', PROBE, BIN, 'daemon'], { env: { ...env, NANOTRAY_TIMER_PROBE: probeFile }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    daemon.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise((r) => daemon.on('close', r));
    while (!stderr.includes('running')) {
      if (daemon.exitCode !== null) throw new Error(`the daemon stopped: ${stderr.trim()}`);
      await sleep(50);
    }
    await sleep(5_000); // start-up work (grammar, sandbox probe, first lease) settles
    daemon.kill('SIGUSR2');
    await sleep(windowMs);
    daemon.kill('SIGTERM');
    await exited;
    const p = JSON.parse(readFileSync(probeFile, 'utf8'));
    const minutes = p.seconds / 60;
    const wakeups = p.timeouts + p.intervals + p.immediates;
    const perMinute = wakeups / minutes;
    const cpuPercent = (p.cpuMs / (p.seconds * 1000)) * 100;
    const growth = p.rssEndMb - p.rssStartMb;
    const ok = (cond) => (cond ? 'ok' : 'MISSED');
    console.log(`Idle \`nanotray daemon\` over ${p.seconds.toFixed(0)} s (heartbeat every 30 min, 2 cron jobs due in an hour; load ${loadavg()[0].toFixed(2)}):`);
    console.log(`idle_wakeups_per_minute ${perMinute.toFixed(1)} (timer callbacks: ${p.timeouts} timeouts, ${p.intervals} intervals, ${p.immediates} immediates; model requests ${model.requests()}; target 0) ${ok(perMinute < 1)}`);
    console.log(`idle_cpu_percent ${cpuPercent.toFixed(3)} (${p.cpuMs.toFixed(0)} ms CPU in the window; target < 0.1) ${ok(cpuPercent < 0.1)}`);
    console.log(`idle_rss_growth_mb ${growth.toFixed(1)} (${p.rssStartMb.toFixed(1)} → ${p.rssEndMb.toFixed(1)} MB; target < 5 over a simulated day and a 10-minute soak, see bench-scheduler) ${ok(growth < 5)}`);
  } finally {
    await model.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench-idle failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
