import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import {
  getMemoryVersion,
  insertMemoryVersion,
  latestMemoryVersionContent,
  listMemoryVersions,
  MEMORY_VERSIONS_KEPT,
} from '../../../src-main/core/store/memory-versions.repo';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

describe('memory_versions repository', () => {
  it('stores, lists newest first, reads one and keeps only the newest versions per file', () => {
    const first = insertMemoryVersion(db, { path: 'USER.md', content: 'v0', author: 'user', createdAt: 10 });
    insertMemoryVersion(db, { path: 'SOUL.md', content: 'other', author: 'agent', createdAt: 11 });
    for (let i = 1; i <= MEMORY_VERSIONS_KEPT; i++) insertMemoryVersion(db, { path: 'USER.md', content: `v${i}`, author: 'agent', createdAt: 10 + i });
    const list = listMemoryVersions(db, 'USER.md', 1_000);
    expect(list).toHaveLength(MEMORY_VERSIONS_KEPT);
    expect(list[0]).toMatchObject({ path: 'USER.md', author: 'agent', size: 4, createdAt: 10 + MEMORY_VERSIONS_KEPT });
    expect(getMemoryVersion(db, first)).toBeUndefined();
    expect(latestMemoryVersionContent(db, 'USER.md')).toBe(`v${MEMORY_VERSIONS_KEPT}`);
    expect(listMemoryVersions(db, 'SOUL.md').map((v) => v.author)).toEqual(['agent']);
    expect(getMemoryVersion(db, list[1]!.id)).toMatchObject({ content: `v${MEMORY_VERSIONS_KEPT - 1}` });
  });
});
