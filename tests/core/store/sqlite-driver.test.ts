// The SQLite driver of this runtime: on Node 20 the 12.x alias is given its node-gyp addon directly (no `bindings`
// search), falls back to its own search when that file is not there, and opens a working database either way.
import { describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteDriver, withBuiltAddon, type Database } from '../../../src-main/core/store/sqlite-driver';

/** A stand-in Database class that records the options it was constructed with. */
function recordingDriver() {
  const seen: Array<BetterSqlite3.Options | undefined> = [];
  const Driver = function (this: unknown, _file: string, options?: BetterSqlite3.Options) {
    seen.push(options);
  } as unknown as new (file: string, options?: BetterSqlite3.Options) => Database;
  return { Driver, seen };
}

const resolving = (path: string | undefined) =>
  ({
    resolve: (id: string) => {
      if (path === undefined) throw new Error(`Cannot find module '${id}'`);
      return path;
    },
  }) as unknown as NodeJS.Require;

describe('withBuiltAddon', () => {
  it('passes the built addon as nativeBinding, keeping the caller\'s other options', () => {
    const { Driver, seen } = recordingDriver();
    const Wrapped = withBuiltAddon(Driver, resolving('/pkg/build/Release/better_sqlite3.node'));
    new Wrapped('/home/nanotray.db', { readonly: true });
    expect(seen).toEqual([{ nativeBinding: '/pkg/build/Release/better_sqlite3.node', readonly: true }]);
  });

  it('leaves the driver as it is when the package has no built addon there', () => {
    const { Driver } = recordingDriver();
    expect(withBuiltAddon(Driver, resolving(undefined))).toBe(Driver);
  });
});

describe('sqliteDriver', () => {
  it('opens a working database on this runtime', () => {
    const Driver = sqliteDriver();
    const db = new Driver(':memory:');
    try {
      expect(db.prepare('SELECT 40 + 2 AS answer').get()).toEqual({ answer: 42 });
    } finally {
      db.close();
    }
  });
});
