// Six processes opening one new home's database at once (CLIs started together, the app and the daemon), round
// after round: every one opens it, none fails with a disk I/O error, no backup temp file is left. Before, each
// process's migration backup wrote the same temp file name and removed every temp file it found, so one process
// removed another's half-written copy (SQLITE_IOERR_DELETE_NOENT, SQLITE_IOERR_FSTAT, ENOENT on rename).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
// inside the repository, so the bundle finds better-sqlite3 in its node_modules
const OUT = join(ROOT, 'node_modules', '.cache', 'nanotray-tests');
const OPENER = join(OUT, `open-home-database-${process.pid}.mjs`);
const SOURCE = `
import { homeDatabasePaths, openHomeDatabase } from ${JSON.stringify(join(ROOT, 'src-main/core/store/home-database.ts'))};
try {
  const { db } = openHomeDatabase(homeDatabasePaths(process.argv[2]), Date.now());
  db.prepare('SELECT count(*) FROM sessions').get();
  db.close();
} catch (err) {
  process.stderr.write(String(err.code) + ' ' + err.message);
  process.exitCode = 1;
}
`;

function open(home: string): Promise<{ code: number | null; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [OPENER, home], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => done({ code, err }));
  });
}

describe('a new home database opened by six processes at once', () => {
  const homes: string[] = [];
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    await build({ stdin: { contents: SOURCE, resolveDir: ROOT, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile: OPENER, external: ['better-sqlite3', 'better-sqlite3-node20'], logLevel: 'silent' });
  });
  afterAll(() => {
    rmSync(OPENER, { force: true });
    for (const home of homes) rmSync(home, { recursive: true, force: true });
  });

  it('opens in every process, round after round, and leaves no temp file', async () => {
    for (let round = 0; round < 20; round++) {
      const home = mkdtempSync(join(tmpdir(), 'nanotray-open-'));
      homes.push(home);
      const ends = await Promise.all(Array.from({ length: 6 }, () => open(home)));
      expect(ends).toEqual(Array.from({ length: 6 }, () => ({ code: 0, err: '' })));
      const backups = join(home, 'backups');
      expect(existsSync(backups) ? readdirSync(backups).filter((f) => f.endsWith('.tmp')) : []).toEqual([]);
    }
  }, 120_000);
});
