// `nanotray doctor`: checks the database (SQLite's quick_check) and repairs a damaged one (the newest good backup,
// plus every row still readable), makes a fresh backup of a good one, and says what it found and did.
import { existsSync, statSync } from 'node:fs';
import { resolveHomePaths } from '../../../core/config/home-paths';
import { backupOnline, listBackups } from '../../../core/store/db-backup';
import { passesQuickCheck } from '../../../core/store/db-repair';
import { describeRepair, homeDatabasePaths, repairDatabase } from '../../../core/store/home-database';
import { openDatabase } from '../../../core/store/db';
import { tryHoldLock } from '../../../core/store/scheduler-lock';
import { errorMessage } from '../../../core/lib/result';
import { write, type CliCommand } from '../cli-command';

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const when = (at: number): string => `${new Date(at).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'Check the database and repair it from the newest backup if it is damaged',
  usage: 'Usage: nanotray doctor',
  async run(_args, io) {
    const home = resolveHomePaths(io.env);
    const paths = homeDatabasePaths(home.home);
    if (!existsSync(paths.dbFile)) {
      write(io.stdout, `database: none yet (${paths.dbFile}); it is made on the first run.`);
      return 0;
    }
    const size = statSync(paths.dbFile).size;
    if (passesQuickCheck(paths.dbFile)) {
      write(io.stdout, `database: ok (${mb(size)}, quick_check passed): ${paths.dbFile}`);
      try {
        const db = openDatabase(paths.dbFile);
        try {
          const made = await backupOnline(db, paths.backupsDir, Date.now(), 'manual');
          write(io.stdout, `backup: made ${made.path} (${mb(made.bytes)})`);
        } finally {
          db.close();
        }
      } catch (err) {
        write(io.stderr, `nanotray doctor: the backup failed: ${errorMessage(err)}`);
      }
      for (const b of listBackups(paths.backupsDir)) write(io.stdout, `  ${when(b.at)}  ${b.reason.padEnd(9)} ${mb(b.bytes)}  ${b.path}`);
      return 0;
    }
    // A running app, daemon or web host holds the scheduler lock: moving the file under it would lose its writes.
    const lock = tryHoldLock(home.schedulerLock);
    if ('busy' in lock) {
      write(io.stderr, 'nanotray doctor: the database is damaged, and Nanotray is running (the app, `nanotray daemon` or `nanotray web`). Quit it, then run `nanotray doctor` again.');
      return 1;
    }
    try {
      const { db, report } = repairDatabase(paths, Date.now());
      db.close();
      write(io.stdout, describeRepair(report));
      return 0;
    } catch (err) {
      write(io.stderr, `nanotray doctor: the repair failed: ${errorMessage(err)}. The damaged file is unchanged or kept beside it.`);
      return 1;
    } finally {
      if ('held' in lock) lock.held.release();
    }
  },
};
