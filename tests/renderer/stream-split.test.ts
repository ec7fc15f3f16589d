// Streaming markdown split into settled chunks (rendered once) and the tail (re-rendered per frame).
import { describe, expect, it } from 'vitest';
import { settledBounds, settledLength } from '../../src-renderer/src/features/chat/stream-split';

describe('settledLength', () => {
  it('ends after the last blank line outside an open code fence', () => {
    expect(settledLength('one\n\ntwo')).toBe(5);
    expect(settledLength('one\n\n```ts\nconst a = 1;\n\nconst b')).toBe(5);
    expect(settledLength('one\n\n```ts\nx\n```\n\nthree')).toBe(18);
    expect(settledLength('no break yet')).toBe(0);
  });
});

describe('settledBounds', () => {
  it('keeps earlier chunks and adds one when the settled part grows', () => {
    let bounds = settledBounds([], '', 'one\n\ntw');
    expect(bounds).toEqual([5]);
    bounds = settledBounds(bounds, 'one\n\ntw', 'one\n\ntwo\n\nthr');
    expect(bounds).toEqual([5, 10]);
    bounds = settledBounds(bounds, 'one\n\ntwo\n\nthr', 'one\n\ntwo\n\nthree');
    expect(bounds).toEqual([5, 10]);
  });

  it('starts over for a new answer', () => {
    expect(settledBounds([5, 10], 'one\n\ntwo\n\nthree', 'other\n\nx')).toEqual([7]);
    expect(settledBounds([5], 'one\n\nx', '')).toEqual([]);
  });
});
