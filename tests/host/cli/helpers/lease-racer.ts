// Started several times at once by the lease process tests (bundled with esbuild): each process waits for
// "go" on stdin, then takes the scheduler lock or claims one due time, prints what it got, and holds on.
import { createInterface } from 'node:readline';
import { openDatabase } from '../../../../src-main/core/store/db';
import { tryHoldLock } from '../../../../src-main/core/store/scheduler-lock';
import { processHolder, RunClaims } from '../../../../src-main/core/scheduler/run-claims';

const [mode, dbFile, lockFile, dueAtText] = process.argv.slice(2);
const db = openDatabase(dbFile!);
const claims = new RunClaims(db, processHolder(), () => Date.now());

const lines = createInterface({ input: process.stdin });
lines.once('line', () => {
  if (mode === 'lock') {
    const attempt = tryHoldLock(lockFile!);
    process.stdout.write(`${'held' in attempt ? 'held' : 'busy' in attempt ? 'busy' : `failed ${attempt.failed}`}\n`);
  } else {
    process.stdout.write(`${claims.claim('cron:race', Number(dueAtText))}\n`);
  }
  // Keep the lock or the running claim until the test ends this process.
  setInterval(() => undefined, 60_000);
});
