// The memory watcher against the real file system: edits by other programs are noticed, also after a file was
// replaced by an atomic rename (what Nanotray's own saves and most editors do) — Node 20's recursive fs.watch stops
// reporting such a file on Linux, chokidar 4 misses an edit right after one — in subfolders, for new files, and in a
// folder made after the watch began and written into at once (@parcel/watcher misses that one).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src-main/core/lib/clock';
import { writeFileAtomic } from '../../../src-main/core/lib/atomic-write';
import { watchWorkspaceMarkdown } from '../../../src-main/core/workspace/memory-watcher';
import { makeWorkspace, type TempWorkspace } from './context-fixtures';

let ws: TempWorkspace;
let seen: string[];
let stop: () => void;

/** Resolves once `rel` was reported (the watcher debounces bursts); rejects after a generous wait. */
async function reported(rel: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (seen.includes(rel)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${rel} was not reported; saw ${JSON.stringify(seen)}`);
}

/** Another program's atomic save: a temp file in the same folder, renamed over the target. */
function renameOver(abs: string, text: string): void {
  const temp = `${abs}.swp~`;
  writeFileSync(temp, text);
  renameSync(temp, abs);
}

beforeEach(async () => {
  ws = makeWorkspace();
  ws.write('workspace/USER.md', 'first');
  ws.write('workspace/memory/MEMORY.md', '- a fact');
  seen = [];
  await new Promise<void>((ready) => {
    stop = watchWorkspaceMarkdown(ws.workspace, (rel) => seen.push(rel), { clock: systemClock, debounceMs: 30, onReady: ready });
  });
});
afterEach(() => {
  stop();
  ws.cleanup();
});

describe('memory watcher', () => {
  it('notices an outside edit after the file was replaced by a rename (our own atomic save)', async () => {
    writeFileAtomic(join(ws.workspace, 'USER.md'), 'saved by Nanotray');
    await reported('USER.md');
    seen = [];
    writeFileSync(join(ws.workspace, 'USER.md'), 'then edited in vim');
    await reported('USER.md');
    seen = [];
    renameOver(join(ws.workspace, 'USER.md'), 'and saved again by an editor that renames');
    await reported('USER.md');
    seen = [];
    writeFileSync(join(ws.workspace, 'USER.md'), 'and once more in place');
    await reported('USER.md');
  });

  it('notices an edit made right after a rename (no quiet period after it)', async () => {
    for (let i = 0; i < 3; i++) {
      seen = [];
      renameOver(join(ws.workspace, 'USER.md'), `renamed ${i}`);
      await new Promise((r) => setTimeout(r, 40));
      writeFileSync(join(ws.workspace, 'USER.md'), `edited ${i}`);
      await reported('USER.md');
      // the report comes after the last write of the burst: reading now gives the edit, not the renamed text
      expect(readFileSync(join(ws.workspace, 'USER.md'), 'utf8')).toBe(`edited ${i}`);
      await new Promise((r) => setTimeout(r, 120));
    }
  });

  it('notices renames in subfolders, new files, and folders made after the watch began', async () => {
    renameOver(join(ws.workspace, 'memory', 'MEMORY.md'), '- a new fact');
    await reported('memory/MEMORY.md');
    writeFileSync(join(ws.workspace, 'memory', 'MEMORY.md'), '- edited after the rename');
    seen = [];
    await reported('memory/MEMORY.md');
    writeFileSync(join(ws.workspace, 'SOUL.md'), 'new file');
    await reported('SOUL.md');
    // a folder made and written into at once (mkdir -p … && echo > …): the new folder is scanned when it appears
    mkdirSync(join(ws.workspace, 'skills', 'garden'), { recursive: true });
    writeFileSync(join(ws.workspace, 'skills', 'garden', 'SKILL.md'), '---\nname: garden\n---\n');
    await reported('skills/garden/SKILL.md');
    seen = [];
    writeFileSync(join(ws.workspace, 'skills', 'garden', 'SKILL.md'), '---\nname: garden\ndescription: plants\n---\n');
    await reported('skills/garden/SKILL.md');
  });

  it('reports only markdown outside hidden folders', async () => {
    writeFileSync(join(ws.workspace, 'notes.txt'), 'x');
    mkdirSync(join(ws.workspace, '.git'), { recursive: true });
    writeFileSync(join(ws.workspace, '.git', 'HEAD.md'), 'x');
    writeFileSync(join(ws.workspace, 'TOOLS.md'), 'tools');
    await reported('TOOLS.md');
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual(['TOOLS.md']);
  });
});
