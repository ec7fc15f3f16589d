// A real small file system for fault tests: a tmpfs of a few hundred KB (full-disk and read-only faults), mounted
// where this process may mount (root here); `canMount` tells the tests that need one whether they can run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const mounted: string[] = [];

function tryMount(sizeKb: number): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  mounted.push(dir);
  return dir;
}

/** Unmounts and removes every disk made by {@link smallDisk} (call in afterEach). */
export function removeSmallDisks(): void {
  for (const dir of mounted.splice(0)) {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether this process may mount a tmpfs (root, or a container that allows it); checked once. */
export const canMount: boolean = (() => {
  const probe = tryMount(16);
  removeSmallDisks();
  return probe !== undefined;
})();

/** A fresh tmpfs of `sizeKb` KB (only where {@link canMount}). */
export function smallDisk(sizeKb = 300): string {
  const dir = tryMount(sizeKb);
  if (!dir) throw new Error('mount refused: guard the test with canMount');
  return dir;
}

/** Fills the disk holding `dir` until about `leaveKb` KB are free (0: full). */
export function fillUntilFree(dir: string, leaveKb: number): void {
  const s = statfsSync(dir);
  const freeKb = Math.floor((s.bavail * s.bsize) / 1024);
  if (freeKb > leaveKb) writeFileSync(join(dir, `filler-${freeKb}.bin`), Buffer.alloc((freeKb - leaveKb) * 1024, 1));
}

/** Makes the mounted disk at `dir` read-only (or writable again). */
export function remount(dir: string, mode: 'ro' | 'rw'): void {
  execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'pipe' });
}
