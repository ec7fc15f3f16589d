// `node scripts/bench-scheduler.mjs [--minutes N]`: the scheduler's two figures.
//  1. Idle cost: model requests and tokens of the heartbeat over a simulated day with the bundled (empty)
//     HEARTBEAT.md, through createCore on a fake clock. Must be 0 and 0.
//  2. Timer drift of a 1-second `every` cron job on a real `nanotray daemon`, measured where the model
//     request arrives (a local OpenAI-compatible server), and the daemon's RSS growth over the window.
//     Default window 60 s; `--minutes 10` (or BENCH_DRIFT_MINUTES=10) for the 10-minute soak.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, cliBundleIsStale, ROOT } from './build-cli.mjs';

const args = process.argv.slice(2);
const minutesFlag = args.indexOf('--minutes');
// `--minutes N`, else $BENCH_DRIFT_MINUTES (as `npm run bench` passes it on), else one minute.
const minutes = minutesFlag >= 0 ? args[minutesFlag + 1] : process.env.BENCH_DRIFT_MINUTES;
const windowSeconds = minutes ? Math.max(0.1, Number(minutes)) * 60 : 60;
const fmt = (n, d = 1) => n.toFixed(d);

/** A minimal OpenAI-compatible streaming server that answers "pong" and records arrival times. */
function startFakeLlm() {
  const arrivals = [];
  const server = createServer((req, res) => {
    const at = performance.timeOrigin + performance.now();
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (!req.url?.includes('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      arrivals.push(at);
      const chunk = (delta, finish = null) =>
        `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: 'pong' }));
      res.write(chunk({}, 'stop'));
      res.write(`data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [], usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ baseUrl: `http://127.0.0.1:${server.address().port}/v1`, arrivals, close: () => new Promise((r) => server.close(r)) }),
    ),
  );
}

function tempHome(baseUrl, heartbeat) {
  const home = mkdtempSync(join(tmpdir(), 'nanotray-bench-sched-'));
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      providers: { bench: { apiKey: 'sk-bench-not-secret', baseUrl } },
      agent: { provider: 'bench', model: 'bench', providerRetryMode: 'none', timezone: 'UTC' },
      tools: { approval: { mode: 'auto' } },
      heartbeat,
    }),
  );
  return home;
}

/** Bundles the idle-day simulation exactly like the CLI (scripts/build-cli.mjs) and loads it. */
async function bundleIdle() {
  const outfile = await buildCli({ outfile: join(ROOT, 'out', 'bench', 'scheduler-idle.mjs'), entry: 'scripts/bench-scheduler-idle.ts' });
  return import(pathToFileURL(outfile).href);
}

async function idleCost() {
  const llm = await startFakeLlm();
  const home = tempHome(llm.baseUrl, { enable: true, intervalMinutes: 30 });
  try {
    const { idleDay } = await bundleIdle();
    const r = await idleDay(home, 24);
    console.log('Idle heartbeat, bundled HEARTBEAT.md template, 30-minute interval, one simulated day (fake clock):');
    console.log(`  ticks: ${r.ticks} (${Object.entries(r.outcomes).map(([k, v]) => `${v} ${k}`).join(', ')})`);
    for (const [reason, n] of Object.entries(r.reasons)) console.log(`  reason: "${reason}" × ${n}`);
    console.log(`  model requests: ${llm.arrivals.length}`);
    console.log(`  tokens: ${r.heartbeatTokens} (heartbeat_runs), ${r.usageTokens} (usage table)`);
    // The heartbeat's ticks, the 5-minute suspend check, and one look at the store after each burst of writes
    // (the folder watch cannot tell its own writes from another process's). node-cron's ticker was 60 a minute.
    console.log(`  wake-ups of the process (timers fired): ${r.wakeUps} in 24 h, ${fmt(r.wakeUps / (24 * 60), 2)} per minute (target < 1)`);
    console.log(`  simulated in ${fmt(r.wallMs, 0)} ms`);
    const growth = r.rssEndMb - r.rssStartMb;
    console.log(`sim_day_rss_growth_mb ${fmt(growth, 1)} (RSS after 10 s of real idle and a full GC ${fmt(r.rssStartMb, 1)} → ${fmt(r.rssEndMb, 1)} MB from hour 1 to hour 24 of the simulated day; V8 heap in use ${fmt(r.heapStartMb, 1)} → ${fmt(r.heapEndMb, 1)} MB, heap size ${fmt(r.heapTotalStartMb, 1)} → ${fmt(r.heapTotalEndMb, 1)} MB; target < 5) ${growth < 5 ? 'ok' : 'MISSED'}`);
    return llm.arrivals.length === 0 && r.heartbeatTokens === 0 && r.usageTokens === 0;
  } finally {
    await llm.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** Resident memory of a process in MB (Linux /proc), or undefined where there is none. */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'nanotray.mjs'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`nanotray ${args.join(' ')} exited ${code}: ${err.trim()}`)),
    );
  });
}

async function drift() {
  const llm = await startFakeLlm();
  const home = tempHome(llm.baseUrl, { enable: false });
  const env = { PATH: process.env.PATH, HOME: home, NANOTRAY_HOME: home, NANOTRAY_SKIP_BUILD: '1' };
  try {
    await runCli(['cron', 'add', '--message', 'ping', '--every-seconds', '1', '--name', 'drift'], env);
    const probeFile = join(home, 'memory.jsonl');
    const daemon = spawn(process.execPath, ['--expose-gc', '--require', join(ROOT, 'scripts', 'bench', 'memory-probe.cjs'), join(ROOT, 'bin', 'nanotray.mjs'), 'daemon'], {
      env: { ...env, NANOTRAY_MEMORY_PROBE: probeFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** RSS and heap after a full GC in the daemon (memory-probe.cjs), with its RSS just before it. */
    const settled = async () => {
      const before = rssMb(daemon.pid);
      const lines = () => (existsSync(probeFile) ? readFileSync(probeFile, 'utf8').trim().split('\n').filter(Boolean) : []);
      const n = lines().length;
      daemon.kill('SIGUSR2');
      while (lines().length === n) await new Promise((r) => setTimeout(r, 20));
      return { ...JSON.parse(lines().at(-1)), rssBeforeGcMb: before };
    };
    let stderr = '';
    daemon.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise((r) => daemon.on('close', (code) => r(code)));
    // Warm-up: wait for the first run, then measure a window starting there.
    while (llm.arrivals.length === 0) await new Promise((r) => setTimeout(r, 20));
    const start = llm.arrivals.length - 1;
    await new Promise((r) => setTimeout(r, 5_000)); // RSS after the first runs (the turn path is loaded)
    const memStart = await settled();
    await new Promise((r) => setTimeout(r, windowSeconds * 1000 - 5_000 + 300));
    const memEnd = await settled();
    daemon.kill('SIGTERM');
    const code = await exited;
    const all = llm.arrivals.slice(start).filter((x) => x <= llm.arrivals[start] + windowSeconds * 1000 + 200);
    // The first run is a warm-up (first turn of the process: context, skills, SQLite statements); the
    // figures below use the runs after it, against the whole-second grid `every` jobs are due on.
    const t = all.slice(1);
    const intervals = t.slice(1).map((x, i) => x - t[i]);
    const mean = (a) => a.reduce((s, x) => s + x, 0) / a.length;
    const sd = (a) => Math.sqrt(mean(a.map((x) => (x - mean(a)) ** 2)));
    const late = t.map((x) => x % 1000);
    const secondIndex = t.map((x) => Math.floor(x / 1000) - Math.floor(t[0] / 1000));
    const missed = secondIndex.at(-1) + 1 - t.length;
    // Least-squares slope of lateness over elapsed seconds: cumulative drift per minute.
    const mx = mean(secondIndex);
    const my = mean(late);
    const slope = secondIndex.reduce((s, x, i) => s + (x - mx) * (late[i] - my), 0) / secondIndex.reduce((s, x) => s + (x - mx) ** 2, 0);
    const half = Math.floor(late.length / 2);
    console.log(`Timer drift, 1-second \`every\` job on \`nanotray daemon\`, measured over ${fmt(windowSeconds, 0)} s at the model server:`);
    console.log(`  runs: ${all.length} (1 warm-up + ${t.length}); missed seconds after warm-up: ${missed}`);
    console.log(`  warm-up run arrived ${fmt(all[0] % 1000)} ms after its second`);
    console.log(`  interval: mean ${fmt(mean(intervals), 2)} ms, sd ${fmt(sd(intervals), 2)} ms, min ${fmt(Math.min(...intervals))} ms, max ${fmt(Math.max(...intervals))} ms`);
    console.log(`  lateness after the whole second: mean ${fmt(mean(late))} ms, max ${fmt(Math.max(...late))} ms (first half ${fmt(mean(late.slice(0, half)))} ms, second half ${fmt(mean(late.slice(half)))} ms)`);
    console.log(`  cumulative drift: ${fmt(slope * 60, 2)} ms per minute (least-squares slope of lateness)`);
    console.log(`  daemon exit code on SIGTERM: ${code}${/NODE-CRON/i.test(stderr) ? ' (node-cron wrote to stderr!)' : ''}`);
    const growth = memEnd.rssMb - memStart.rssMb;
    console.log(
      `daemon_rss_growth_mb ${fmt(growth, 1)} (RSS after a full GC ${fmt(memStart.rssMb, 1)} → ${fmt(memEnd.rssMb, 1)} MB, before it ${fmt(memStart.rssBeforeGcMb, 1)} → ${fmt(memEnd.rssBeforeGcMb, 1)}, from 5 s in to the end of the ${fmt(windowSeconds, 0)} s window of ${t.length + 1} 1-second jobs; target < 5 over a 10-minute soak: BENCH_DRIFT_MINUTES=10) ${growth < 5 ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `daemon_heap_growth_mb ${fmt(memEnd.heapUsedMb - memStart.heapUsedMb, 1)} (V8 heap in use after a full GC ${fmt(memStart.heapUsedMb, 1)} → ${fmt(memEnd.heapUsedMb, 1)} MB: what the code keeps, e.g. the job's growing session in the history window; heap size ${fmt(memStart.heapTotalMb, 1)} → ${fmt(memEnd.heapTotalMb, 1)} MB: what V8 reserved, of it the young generation ${fmt(memStart.newSpaceMb, 1)} → ${fmt(memEnd.newSpaceMb, 1)} MB and the old ${fmt(memStart.oldSpaceMb, 1)} → ${fmt(memEnd.oldSpaceMb, 1)} MB)`,
    );
    return code === 0;
  } finally {
    await llm.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (cliBundleIsStale()) await buildCli();
const idleOk = await idleCost();
console.log('');
const driftOk = await drift();
process.exitCode = idleOk && driftOk ? 0 : 1;
