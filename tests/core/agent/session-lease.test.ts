// The session lease in one process: leases of one process never block each other, a lease held by another
// holder (a second SessionLeases on the same folder stands in for another process) is waited for, a wait ends
// when its turn is stopped, and a lock folder that cannot be made lets turns run, said once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bucketOf, SessionLeases } from '../../../src-main/core/agent/session-lease';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function lockDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-lease-'));
  dirs.push(dir);
  return join(dir, 'turn-locks');
}
const never = new AbortController().signal;

describe('SessionLeases', () => {
  it('two sessions of one process run side by side, even in one bucket', async () => {
    const leases = new SessionLeases({ dir: lockDir() });
    // Find two keys in one bucket: the counted lock must not block this process's own turns.
    const first = 'desktop:a';
    let second = 'desktop:b0';
    for (let i = 1; bucketOf(second) !== bucketOf(first); i++) second = `desktop:b${i}`;
    const a = await leases.acquire(first, never);
    const b = await leases.acquire(second, never);
    expect(a && b).toBeTruthy();
    a!.release();
    b!.release();
  });

  it('a lease held by another holder is waited for (told once, with its pid) and taken when released', async () => {
    const dir = lockDir();
    const other = new SessionLeases({ dir, pid: 4242 });
    const mine = new SessionLeases({ dir });
    const held = await other.acquire('cli:shared', never);
    const waits: (number | undefined)[] = [];
    let got = false;
    const pending = mine.acquire('cli:shared', never, (holder) => waits.push(holder?.pid)).then((lease) => {
      got = true;
      return lease;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toBe(false);
    expect(waits).toEqual([4242]);
    held!.release();
    const lease = await pending;
    expect(lease).toBeDefined();
    expect(waits).toEqual([4242]);
    lease!.release();
  });

  it('a wait ends without a lease when the turn is stopped', async () => {
    const dir = lockDir();
    const held = await new SessionLeases({ dir }).acquire('cli:s', never);
    const stop = new AbortController();
    const pending = new SessionLeases({ dir }).acquire('cli:s', stop.signal);
    stop.abort();
    expect(await pending).toBeUndefined();
    held!.release();
  });

  it('a lock folder that cannot be made: turns still run, and the problem is said once', async () => {
    const base = lockDir();
    writeFileSync(join(base, '..', 'blocker'), 'a file where the folder should be');
    const problems: string[] = [];
    const leases = new SessionLeases({ dir: join(base, '..', 'blocker', 'turn-locks'), onProblem: (m) => problems.push(m) });
    const a = await leases.acquire('cli:x', never);
    const b = await leases.acquire('cli:y', never);
    expect(a && b).toBeTruthy();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('not ordered across processes');
  });
});
