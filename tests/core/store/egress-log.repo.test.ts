// The egress ledger's rows: insert, sums by host with the last verdict and who connected, pruning by age, migration 11.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { egressByHost, insertEgressRows, listEgress, pruneEgress, countEgress, type EgressLogRow } from '../../../src-main/core/store/egress-log.repo';
import { databaseAtVersion, migrateTo, schemaObjects } from '../../helpers/migration-db';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const row = (over: Partial<EgressLogRow>): EgressLogRow => ({
  at: 1_000,
  sessionKey: 's',
  host: 'example.com',
  port: 443,
  bytesOut: 10,
  bytesIn: 100,
  sourceKind: 'web_fetch',
  sourceName: '',
  verdict: 'rule',
  ...over,
});
const ALLOWED = ['rule', 'once', 'always', 'auto', 'open', 'run'];

describe('egress_log repository', () => {
  it('sums each host of a range: connections, bytes, allowed and refused, the last verdict and who connected', () => {
    insertEgressRows(db, [
      row({ at: 1_000 }),
      row({ at: 2_000, bytesOut: 5, bytesIn: 0, verdict: 'denied', sourceKind: 'exec', sourceName: 'curl https://example.com' }),
      row({ at: 3_000, bytesOut: 1, bytesIn: 2, verdict: 'once' }),
      row({ at: 1_500, host: 'api.github.com', verdict: 'unattended', bytesOut: 0, bytesIn: 0, sourceKind: 'mcp', sourceName: 'gh' }),
      row({ at: 10_000, host: 'later.test' }),
    ]);
    const hosts = egressByHost(db, { since: 0, until: 5_000 }, ALLOWED);
    expect(hosts.map((h) => h.host)).toEqual(['example.com', 'api.github.com']);
    const [example, github] = hosts;
    expect(example).toMatchObject({ connections: 3, allowed: 2, refused: 1, bytesOut: 16, bytesIn: 102, lastAt: 3_000, lastVerdict: 'once' });
    expect(example!.uses).toEqual(
      expect.arrayContaining([
        { sourceKind: 'web_fetch', sourceName: '', verdict: 'rule', connections: 1 },
        { sourceKind: 'web_fetch', sourceName: '', verdict: 'once', connections: 1 },
        { sourceKind: 'exec', sourceName: 'curl https://example.com', verdict: 'denied', connections: 1 },
      ]),
    );
    expect(github).toMatchObject({ connections: 1, allowed: 0, refused: 1, lastVerdict: 'unattended', uses: [{ sourceKind: 'mcp', sourceName: 'gh', verdict: 'unattended', connections: 1 }] });
    expect(egressByHost(db, { since: 0, host: 'later.test' }, ALLOWED).map((h) => h.connections)).toEqual([1]);
  });

  it('lists a range newest first, and of one host', () => {
    insertEgressRows(db, [row({ at: 1 }), row({ at: 3, host: 'b.test' }), row({ at: 2 })]);
    expect(listEgress(db, { since: 0 }).map((r) => r.at)).toEqual([3, 2, 1]);
    expect(listEgress(db, { since: 2, host: 'example.com' })).toEqual([row({ at: 2 })]);
  });

  it('prunes rows older than the cut, keeping the rest', () => {
    const day = 24 * 60 * 60_000;
    const now = 100 * day;
    insertEgressRows(db, [row({ at: now - 31 * day }), row({ at: now - 30 * day - 1 }), row({ at: now - 29 * day }), row({ at: now })]);
    expect(pruneEgress(db, now - 30 * day)).toBe(2);
    expect(countEgress(db)).toBe(2);
  });

  it('stores a batch whole or not at all', () => {
    expect(() => insertEgressRows(db, [row({}), row({ sourceKind: 'nope' as never })])).toThrow(/CHECK constraint/);
    expect(countEgress(db)).toBe(0);
  });
});

describe('migration 0011 (egress log)', () => {
  it('adds egress_log with its indexes on a version-10 database', () => {
    const old = databaseAtVersion(10);
    try {
      expect(schemaObjects(old, 'table')).not.toContain('egress_log');
      expect(migrateTo(old, 11)).toBe(11);
      expect(schemaObjects(old, 'index')).toEqual(expect.arrayContaining(['egress_log_at', 'egress_log_host']));
      insertEgressRows(old, [row({})]);
      expect(countEgress(old)).toBe(1);
    } finally {
      old.close();
    }
  });
});
