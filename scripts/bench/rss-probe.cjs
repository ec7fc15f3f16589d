// Preloaded into the CLI by the bench: writes peak RSS (KB) and CPU time (ms) as JSON to $NANOTRAY_RSS_PROBE on exit.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  const file = process.env.NANOTRAY_RSS_PROBE;
  if (!file) return;
  const u = process.resourceUsage();
  writeFileSync(file, JSON.stringify({ maxRssKb: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 }));
});
