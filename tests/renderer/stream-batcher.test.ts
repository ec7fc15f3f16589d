// StreamBatcher: many tokens in one frame become one flush; flushNow and discard behave.
import { describe, expect, it } from 'vitest';
import { StreamBatcher } from '../../src-renderer/src/lib/stream-batcher';
import { fakeFrames } from './fake-api';

describe('StreamBatcher', () => {
  it('hands over all text pushed within a frame in one flush', () => {
    const frames = fakeFrames();
    const flushes: Array<Record<string, string>> = [];
    const b = new StreamBatcher((m) => flushes.push(Object.fromEntries(m)), frames);
    for (let i = 0; i < 500; i++) b.push('s1', 't');
    b.push('s2', 'x');
    expect(frames.pending()).toBe(1);
    expect(flushes).toEqual([]);
    frames.tick();
    expect(flushes).toEqual([{ s1: 't'.repeat(500), s2: 'x' }]);
    expect(frames.tick()).toBe(0);
  });

  it('flushNow delivers at once and cancels the scheduled frame', () => {
    const frames = fakeFrames();
    const flushes: string[] = [];
    const b = new StreamBatcher((m) => flushes.push(m.get('k') ?? ''), frames);
    b.push('k', 'ab');
    b.flushNow();
    expect(flushes).toEqual(['ab']);
    expect(frames.pending()).toBe(0);
    b.push('k', 'c');
    frames.tick();
    expect(flushes).toEqual(['ab', 'c']);
  });

  it('ignores empty text and drops discarded keys', () => {
    const frames = fakeFrames();
    const flushes: Array<Record<string, string>> = [];
    const b = new StreamBatcher((m) => flushes.push(Object.fromEntries(m)), frames);
    b.push('a', '');
    expect(frames.pending()).toBe(0);
    b.push('a', 'x');
    b.push('b', 'y');
    b.discard('a');
    frames.tick();
    expect(flushes).toEqual([{ b: 'y' }]);
    expect(b.hasPending()).toBe(false);
  });
});
