#!/usr/bin/env node
// `npm run bench`: every figure the issues ask for, one section after another:
// core start-up / loop overhead / CLI turn (bench.mjs), workspace prompt (bench-workspace.mjs), long sessions
// (bench-session.mjs), a cold CLI turn in a 10,000-message session against an empty one (bench-session-turn.mjs),
// the CLI turn side by side with the nanobot port (bench-peer.mjs),
// the session lease and a database backup (bench-store.mjs), exec grammar, sandbox and egress proxy overhead
// (bench-exec.mjs), provider stream assembly and transport (bench-providers.mjs),
// idle daemon wake-ups, CPU and RSS (bench-idle.mjs), scheduler idle cost, timer drift and RSS (bench-scheduler.mjs,
// 60 s window), the desktop start to a ready tray (bench-desktop.mjs), renderer bundle and Chromium figures
// (bench-renderer.mjs --e2e, after a build: the chat, the window's start, quick ask), and `nanotray web`'s URL to a
// usable page in Chromium (bench-web.mjs).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const steps = [
  ['Core: start-up, loop overhead, CLI turn', ['scripts/bench.mjs']],
  ['Workspace: prompt size, rebuild', ['scripts/bench-workspace.mjs']],
  ['Long sessions: the window of a 10,000-message session, context build, search over 100,000 messages', ['scripts/bench-session.mjs']],
  ['Long sessions: a cold CLI turn in a 10,000-message session against the same turn in an empty one', ['scripts/bench-session-turn.mjs']],
  ['Side by side: a cold CLI turn against @jcheesepkg/nanobot 0.9.2 and a bare Node fetch', ['scripts/bench-peer.mjs']],
  ['Store: the session lease per turn, a backup of a 100,000-message database', ['scripts/bench-store.mjs']],
  ['Exec: bash grammar, command analysis, sandbox overhead, egress proxy (per command, per connection, throughput)', ['scripts/bench-exec.mjs']],
  ['Providers: stream assembly, transport through the openai SDK, call overhead', ['scripts/bench-providers.mjs']],
  ['Idle daemon: wake-ups, CPU and RSS while nothing is due', ['scripts/bench-idle.mjs']],
  ['Scheduler: idle cost, timer drift', ['scripts/bench-scheduler.mjs', ...(process.env.BENCH_DRIFT_MINUTES ? ['--minutes', process.env.BENCH_DRIFT_MINUTES] : [])]],
  ['Desktop: core start to a ready tray (faked electron module)', ['scripts/bench-desktop.mjs']],
  ['Browser host: `nanotray web` printing its URL to a usable page', ['scripts/bench-web.mjs']],
  ['Renderer: bundle size, a 5,000-message chat (open, paging, frames while streaming), first token to screen, search hit', ['scripts/bench-renderer.mjs', '--e2e']],
];

let failed = 0;
const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('build failed; the renderer figures need out/renderer');
  failed++;
}
for (const [title, args] of steps) {
  console.log(`\n== ${title} ==`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
