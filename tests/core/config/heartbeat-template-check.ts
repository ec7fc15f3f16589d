// A minimal reading of HEARTBEAT.md's Active Tasks lines, so the template test does not depend on the scheduler.
export function parseHeartbeatForTest(text: string): string[] {
  const withoutComments = text.replace(/<!--[\s\S]*?-->/g, '');
  let inActive = false;
  const lines: string[] = [];
  for (const line of withoutComments.split('\n')) {
    const h2 = /^##\s+(.*)$/.exec(line);
    if (h2) {
      inActive = /^active tasks/i.test(h2[1]!.trim());
      continue;
    }
    if (/^#\s/.test(line)) inActive = false;
    if (inActive && line.trim() && !/^#{3,}\s/.test(line)) lines.push(line.trim());
  }
  return lines;
}
