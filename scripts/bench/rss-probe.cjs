// Preloaded into the CLI by the bench: writes the process's peak RSS (KB) to $NANOTRAY_RSS_PROBE on exit.
const { writeFileSync } = require('node:fs');
process.on('exit', () => {
  if (process.env.NANOTRAY_RSS_PROBE) writeFileSync(process.env.NANOTRAY_RSS_PROBE, String(process.resourceUsage().maxRSS));
});
