// DeferredStart: the steps queued while the core is built run in order on the next turn of the event loop, a
// failing one does not stop the rest, one added after the run runs at once, and cancel() drops what has not run.
import { describe, expect, it } from 'vitest';
import { DeferredStart } from '../../../src-main/core/lib/deferred-start';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('DeferredStart', () => {
  it('runs the queued steps in order after the current turn of the event loop, then settles done', async () => {
    const ran: string[] = [];
    const deferred = new DeferredStart(() => ran.push('error'));
    deferred.add('watcher', () => ran.push('watcher'));
    deferred.add('lease', () => ran.push('lease'));
    deferred.arm();
    ran.push('tray');
    expect(ran).toEqual(['tray']);
    await deferred.done;
    expect(ran).toEqual(['tray', 'watcher', 'lease']);
  });

  it('reports a step that throws by name and still runs the steps after it', async () => {
    const errors: string[] = [];
    const ran: string[] = [];
    const deferred = new DeferredStart((name, err) => errors.push(`${name}: ${(err as Error).message}`));
    deferred.add('the MCP connections', () => {
      throw new Error('bad config');
    });
    deferred.add('the scheduler lease', () => ran.push('lease'));
    deferred.arm();
    await deferred.done;
    expect(errors).toEqual(['the MCP connections: bad config']);
    expect(ran).toEqual(['lease']);
  });

  it('runs a step added after the run at once, and runs the steps only once however often it is armed', async () => {
    let runs = 0;
    const deferred = new DeferredStart(() => {});
    deferred.add('count', () => runs++);
    deferred.arm();
    deferred.arm();
    await deferred.done;
    await nextTurn();
    expect(runs).toBe(1);
    deferred.add('late', () => runs++);
    expect(runs).toBe(2);
  });

  it('with nothing queued is done without waiting for the event loop', async () => {
    const deferred = new DeferredStart(() => {});
    let done = false;
    void deferred.done.then(() => (done = true));
    deferred.arm();
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('cancel() before the run drops every step (also ones added later) and settles done', async () => {
    const ran: string[] = [];
    const deferred = new DeferredStart(() => {});
    deferred.add('watcher', () => ran.push('watcher'));
    deferred.arm();
    deferred.cancel();
    deferred.add('late', () => ran.push('late'));
    await deferred.done;
    await nextTurn();
    expect(ran).toEqual([]);
  });
});
