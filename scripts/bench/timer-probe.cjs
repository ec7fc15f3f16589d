// Preloaded into `nanotray daemon` by scripts/bench-idle.mjs: counts the timer callbacks the process runs (each one
// is a wake-up), from SIGUSR2 (the start of the measured window) to exit, with the CPU time and RSS of that window,
// written as JSON to $NANOTRAY_TIMER_PROBE. Patches the global timers and node:timers (ESM imports included).
const { writeFileSync } = require('node:fs');
const timers = require('node:timers');
const { syncBuiltinESMExports } = require('node:module');

const counts = { timeout: 0, interval: 0, immediate: 0 };
function counting(original, kind) {
  return function (callback, ...rest) {
    if (typeof callback !== 'function') return original.call(this, callback, ...rest);
    return original.call(
      this,
      function (...args) {
        counts[kind]++;
        return callback.apply(this, args);
      },
      ...rest,
    );
  };
}
for (const [name, kind] of [['setTimeout', 'timeout'], ['setInterval', 'interval'], ['setImmediate', 'immediate']]) {
  const patched = counting(globalThis[name], kind);
  globalThis[name] = patched;
  timers[name] = patched;
}
syncBuiltinESMExports();

let mark;
process.on('SIGUSR2', () => {
  mark = { ...counts, cpu: process.cpuUsage(), rss: process.memoryUsage().rss, at: performance.now() };
});
process.on('exit', () => {
  const file = process.env.NANOTRAY_TIMER_PROBE;
  if (!file || !mark) return;
  const cpu = process.cpuUsage(mark.cpu);
  writeFileSync(
    file,
    JSON.stringify({
      seconds: (performance.now() - mark.at) / 1000,
      timeouts: counts.timeout - mark.timeout,
      intervals: counts.interval - mark.interval,
      immediates: counts.immediate - mark.immediate,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssStartMb: mark.rss / 1048576,
      rssEndMb: process.memoryUsage().rss / 1048576,
    }),
  );
});
