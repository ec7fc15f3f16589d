// Sessions repository: the session's metadata, read back as the core wrote it, and read safely when it was not.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { ensureSession, getSession, sessionIsEmpty, updateSessionMeta } from '../../../src-main/core/store/sessions.repo';
import { appendMessage } from '../../../src-main/core/store/messages.repo';

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  ensureSession(db, 'cli:a', 1);
});
afterEach(() => db.close());

describe('session metadata', () => {
  it('keeps the consolidated summary beside the consolidation point, and clears it on request', () => {
    updateSessionMeta(db, 'cli:a', { consolidatedThrough: 7, consolidatedSummary: 'We planned a trip.' });
    expect(getSession(db, 'cli:a')?.meta).toMatchObject({ consolidatedThrough: 7, consolidatedSummary: 'We planned a trip.' });
    updateSessionMeta(db, 'cli:a', { consolidatedSummary: undefined });
    expect(getSession(db, 'cli:a')?.meta.consolidatedSummary).toBeUndefined();
    expect(getSession(db, 'cli:a')?.meta.consolidatedThrough).toBe(7);
  });

  it('a summary of another type (edited by hand) reads as none, and the rest of the metadata survives', () => {
    db.prepare('UPDATE sessions SET metadata = ? WHERE key = ?').run(JSON.stringify({ modelPreset: 'fast', consolidatedThrough: 3, consolidatedSummary: { not: 'text' } }), 'cli:a');
    const meta = getSession(db, 'cli:a')?.meta;
    expect(meta?.consolidatedSummary).toBeUndefined();
    expect(meta).toMatchObject({ modelPreset: 'fast', consolidatedThrough: 3 });
  });

  it('keeps pin and archive times, and reads hand-written ones of another type as unset', () => {
    updateSessionMeta(db, 'cli:a', { pinnedAt: 5, archivedAt: 6, titleByUser: true });
    expect(getSession(db, 'cli:a')?.meta).toMatchObject({ pinnedAt: 5, archivedAt: 6, titleByUser: true });
    db.prepare('UPDATE sessions SET metadata = ? WHERE key = ?').run(JSON.stringify({ pinnedAt: 'yes', archivedAt: 7 }), 'cli:a');
    expect(getSession(db, 'cli:a')?.meta.pinnedAt).toBeUndefined();
    expect(getSession(db, 'cli:a')?.meta.archivedAt).toBe(7);
  });
});

describe('empty sessions', () => {
  it('a session is empty until it holds a message', () => {
    expect(sessionIsEmpty(db, 'cli:a')).toBe(true);
    appendMessage(db, { sessionKey: 'cli:a', role: 'user', content: 'hi', createdAt: 2 });
    expect(sessionIsEmpty(db, 'cli:a')).toBe(false);
  });
});
