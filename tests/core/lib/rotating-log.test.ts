// The desktop app's log file: lines appended, rotated past its size (the oldest dropped), secrets scrubbed before a
// line reaches it, and a folder that cannot be written drops lines instead of throwing.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rotatingLogSink } from '../../../src-main/core/lib/rotating-log';
import { addLogSink, createLogger, registerSecret } from '../../../src-main/core/lib/logger';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'nanotray-log-'));
  dirs.push(d);
  return d;
};

describe('the rotating log file', () => {
  it('rotates past its size and keeps the newest files only', () => {
    const file = join(dir(), 'logs', 'nanotray.log');
    const sink = rotatingLogSink(file, { maxBytes: 100, keep: 2 });
    for (let i = 0; i < 12; i++) sink(`line ${i} ${'x'.repeat(30)}`);
    expect(readFileSync(file, 'utf8')).toContain('line 11');
    expect(readFileSync(`${file}.1`, 'utf8')).toMatch(/line [89]/);
    expect(existsSync(`${file}.2`)).toBe(true);
    expect(existsSync(`${file}.3`)).toBe(false);
    expect(readFileSync(file, 'utf8').length).toBeLessThanOrEqual(100);
  });

  it('gets every logger’s lines, scrubbed of secrets', () => {
    const file = join(dir(), 'nanotray.log');
    registerSecret('sk-file-log-secret-123456');
    const off = addLogSink(rotatingLogSink(file));
    try {
      createLogger('test', () => undefined).error('the provider said sk-file-log-secret-123456 was wrong');
    } finally {
      off();
    }
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('ERROR test: the provider said');
    expect(text).not.toContain('sk-file-log-secret-123456');
  });

  it('a folder that cannot be written: the line is dropped, nothing throws', () => {
    const blocker = join(dir(), 'blocker');
    writeFileSync(blocker, 'a file where the log folder should be');
    const sink = rotatingLogSink(join(blocker, 'logs', 'nanotray.log'));
    expect(() => sink('a line')).not.toThrow();
  });
});
