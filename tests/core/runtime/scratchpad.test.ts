// ScratchpadStore on its own: per-session pads, detached copies, limits, removal.
import { describe, expect, it } from 'vitest';
import {
  MAX_SCRATCHPAD_KEYS, ScratchpadStore, scratchpadValueError, SCRATCHPAD_DEPTH_ERROR, SCRATCHPAD_FULL_ERROR,
} from '../../../src-main/core/runtime/scratchpad';

describe('ScratchpadStore', () => {
  it('keeps one pad per session and returns detached copies', () => {
    const pads = new ScratchpadStore();
    expect(pads.set('a', 'k', { list: [1] })).toEqual({ ok: true, value: { existed: false, previous: undefined } });
    const copy = pads.entries('a') as { k: { list: number[] } };
    copy.k.list.push(2);
    expect(pads.entries('a')).toEqual({ k: { list: [1] } });
    expect(pads.entries('b')).toEqual({});
    expect(pads.set('a', 'k', 2)).toEqual({ ok: true, value: { existed: true, previous: { list: [1] } } });
    expect(pads.remove('a', 'k')).toBe(true);
    expect(pads.remove('a', 'k')).toBe(false);
  });

  it('refuses the 65th key but accepts updates at the limit; clear drops the pad', () => {
    const pads = new ScratchpadStore();
    for (let i = 0; i < MAX_SCRATCHPAD_KEYS; i++) expect(pads.set('s', `k${i}`, i).ok).toBe(true);
    expect(pads.size('s')).toBe(64);
    expect(pads.set('s', 'one-more', 1)).toEqual({ ok: false, error: SCRATCHPAD_FULL_ERROR });
    expect(pads.set('s', 'k0', 'changed').ok).toBe(true);
    pads.clear('s');
    expect(pads.size('s')).toBe(0);
  });

  it('bounds key length and value size', () => {
    const pads = new ScratchpadStore();
    expect(pads.set('s', 'k'.repeat(101), 1)).toEqual({ ok: false, error: 'Error: scratchpad key is too long (max 100 characters)' });
    expect(pads.set('s', 'big', 'x'.repeat(40_000))).toEqual({
      ok: false,
      error: 'Error: value too large (max 32000 characters of JSON)',
    });
  });
});

describe('scratchpadValueError', () => {
  const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : [nest(levels - 1)]);
  it('counts container levels: 10 ok, 11 refused (also for cycles)', () => {
    expect(scratchpadValueError(nest(10))).toBeUndefined();
    expect(scratchpadValueError(nest(11))).toBe(SCRATCHPAD_DEPTH_ERROR);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(scratchpadValueError(cyclic)).toBe(SCRATCHPAD_DEPTH_ERROR);
  });

  it('accepts plain JSON values, including null-prototype objects', () => {
    expect(scratchpadValueError(Object.assign(Object.create(null), { a: 1 }))).toBeUndefined();
    expect(scratchpadValueError([1, 'a', true, null, { b: [] }])).toBeUndefined();
  });

  it.each([
    [undefined, 'undefined'],
    [Symbol('s'), 'symbol'],
    [10n, 'bigint'],
    [Infinity, 'Infinity'],
    [new Set([1]), 'Set'],
    [/re/, 'RegExp'],
    [[undefined], 'undefined'],
  ])('refuses %s', (value, kind) => {
    expect(scratchpadValueError(value)).toBe(
      `Error: value is not JSON-safe (got ${kind}); use strings, numbers, booleans, null, lists and plain objects`,
    );
  });
});
