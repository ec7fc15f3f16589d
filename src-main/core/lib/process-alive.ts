// Whether a process still runs: for exec trees being ended, and for claims left by a process that may have died.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** True while a process with this pid exists (zombies excluded where the OS tells us). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform === 'linux') {
    try {
      return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  }
  return true;
}

/** True while the process `pid` of machine `hostname` runs; one recorded under another machine name counts as gone. */
export function isHolderAlive(holder: { pid: number; hostname: string }): boolean {
  return holder.hostname === hostname() && isProcessAlive(holder.pid);
}
