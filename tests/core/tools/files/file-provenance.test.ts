// FileProvenance: a file counts as the agent's own only in the session that wrote it, and only while unchanged.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileProvenance } from '../../../../src-main/core/tools/files/file-provenance';

let dir: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-prov-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FileProvenance', () => {
  it('knows what the agent wrote, per session, until the file changes', () => {
    const p = new FileProvenance();
    const file = join(dir, 'a.md');
    writeFileSync(file, 'mine');
    expect(p.wroteThis('s1', file)).toBe(false);
    p.recordWrite('s1', file);
    expect(p.wroteThis('s1', file)).toBe(true);
    expect(p.wroteThis('s2', file)).toBe(false);
    writeFileSync(file, 'theirs');
    expect(p.wroteThis('s1', file)).toBe(false);
    p.recordWrite('s1', join(dir, 'missing.md'));
    expect(p.wroteThis('s1', join(dir, 'missing.md'))).toBe(false);
  });

  it('forgets the oldest files of a session past 500', () => {
    const p = new FileProvenance();
    const files = Array.from({ length: 501 }, (_, i) => join(dir, `f${i}.md`));
    for (const f of files) {
      writeFileSync(f, f);
      p.recordWrite('s', f);
    }
    expect(p.wroteThis('s', files[0]!)).toBe(false);
    expect(p.wroteThis('s', files[500]!)).toBe(true);
  });
});
