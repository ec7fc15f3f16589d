// Preloaded into `nanotray daemon` by scripts/bench-scheduler.mjs: on each SIGUSR2, a full GC, then one line of JSON
// appended to $NANOTRAY_MEMORY_PROBE: RSS, the V8 heap in use (what the code keeps) and its size (what V8 reserved:
// the young generation grows towards its fixed maximum, 32 MB on 64-bit Node 20, under allocation), in MB. Needs
// --expose-gc.
const { appendFileSync } = require('node:fs');
const { getHeapSpaceStatistics } = require('node:v8');

const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
process.on('SIGUSR2', () => {
  const file = process.env.NANOTRAY_MEMORY_PROBE;
  if (!file) return;
  globalThis.gc?.();
  const m = process.memoryUsage();
  const space = (name) => mb(getHeapSpaceStatistics().find((s) => s.space_name === name)?.space_size ?? 0);
  const line = { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal), newSpaceMb: space('new_space'), oldSpaceMb: space('old_space'), externalMb: mb(m.external) };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
});
