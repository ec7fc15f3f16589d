// `nanotray web` builds the window when a checkout has none or an old one: the state is read from the files'
// times, and a root that cannot build (no sources, or no electron-vite) says so instead of serving nothing.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWindowBuilt, windowBuildState } from '../../scripts/build-window.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function root(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-window-'));
  roots.push(dir);
  mkdirSync(join(dir, 'src-renderer', 'src'), { recursive: true });
  writeFileSync(join(dir, 'src-renderer', 'src', 'App.tsx'), 'export {}');
  return dir;
}

function built(dir: string, at: Date): void {
  mkdirSync(join(dir, 'out', 'renderer'), { recursive: true });
  writeFileSync(join(dir, 'out', 'renderer', 'index.html'), '<!doctype html>');
  utimesSync(join(dir, 'out', 'renderer', 'index.html'), at, at);
}

describe('the window build for nanotray web', () => {
  it('is missing with no out/renderer, stale when a source is newer, ready otherwise', () => {
    const dir = root();
    expect(windowBuildState(dir)).toBe('missing');
    built(dir, new Date(Date.now() + 60_000));
    expect(windowBuildState(dir)).toBe('ready');
    built(dir, new Date(Date.now() - 60_000));
    expect(windowBuildState(dir)).toBe('stale');
  });

  it('a checkout without electron-vite: a missing window is a clear failure, a stale one is served as it is', () => {
    const dir = root();
    const lines: string[] = [];
    expect(ensureWindowBuilt(dir, (l: string) => lines.push(l))).toEqual({ failed: expect.stringContaining('run `npm install`') });
    built(dir, new Date(Date.now() - 60_000));
    expect(ensureWindowBuilt(dir, (l: string) => lines.push(l))).toBe('ready');
    expect(lines).toEqual([]);
  });
});
