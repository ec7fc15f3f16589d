// The memory watcher against the real file system: edits by other programs are noticed, also after a file was
// replaced by an atomic rename (what Nanotray's own saves and most editors do) — Node 20's recursive fs.watch stops
// reporting such a file on Linux, chokidar 4 misses an edit right after one — in subfolders, for new files, and in a
// folder made after the watch began and written into at once (@parcel/watcher misses that one); an event that names
// no file makes the watcher look through its folder again. Robust under load: each check waits (generously) for a
// report after which the file reads as expected, and never for a fixed time.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The real fs.watch, with each folder's listener kept so a test can send an event that names no file. */
const listeners = vi.hoisted(() => new Map<string, (event: string, name: string | null) => void>());
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const watch = (dir: string, options: fs.WatchOptions, listener: (event: string, name: string | null) => void) => {
    listeners.set(dir, listener);
    return real.watch(dir, options, listener);
  };
  return { ...real, default: { ...real, watch }, watch };
});

import { systemClock } from '../../../src-main/core/lib/clock';
import { writeFileAtomic } from '../../../src-main/core/lib/atomic-write';
import { watchWorkspaceMarkdown } from '../../../src-main/core/memory/memory-watcher';
import { makeWorkspace, type TempWorkspace } from '../context/context-fixtures';

/** Long enough for a loaded machine (2 cores, four test runs): the wait ends as soon as the report is there. */
const DEADLINE_MS = 15_000;

let ws: TempWorkspace;
/** Each report, with the file's text when it came (undefined: the file was gone). */
let seen: { rel: string; text: string | undefined }[];
let stop: () => void;

function readNow(rel: string): string | undefined {
  try {
    return readFileSync(join(ws.workspace, rel), 'utf8');
  } catch {
    return undefined;
  }
}

/** Resolves once `rel` was reported at a moment it read `text` (the watcher debounces bursts); fails after the deadline. */
async function reported(rel: string, text: string): Promise<void> {
  const until = Date.now() + DEADLINE_MS;
  while (Date.now() < until) {
    if (seen.some((r) => r.rel === rel && r.text === text)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${rel} was not reported reading ${JSON.stringify(text)}; saw ${JSON.stringify(seen)}`);
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
  listeners.clear();
  await new Promise<void>((ready) => {
    stop = watchWorkspaceMarkdown(ws.workspace, (rel) => seen.push({ rel, text: readNow(rel) }), { clock: systemClock, debounceMs: 30, onReady: ready });
  });
});
afterEach(() => {
  stop();
  ws.cleanup();
});

// Several waits in one test: room for each to take its whole deadline.
describe('memory watcher', { timeout: 90_000 }, () => {
  it('notices an outside edit after the file was replaced by a rename (our own atomic save)', async () => {
    writeFileAtomic(join(ws.workspace, 'USER.md'), 'saved by Nanotray');
    await reported('USER.md', 'saved by Nanotray');
    writeFileSync(join(ws.workspace, 'USER.md'), 'then edited in vim');
    await reported('USER.md', 'then edited in vim');
    renameOver(join(ws.workspace, 'USER.md'), 'and saved again by an editor that renames');
    await reported('USER.md', 'and saved again by an editor that renames');
    writeFileSync(join(ws.workspace, 'USER.md'), 'and once more in place');
    await reported('USER.md', 'and once more in place');
  });

  it('notices an edit made right after a rename (no quiet period after it)', async () => {
    for (let i = 0; i < 3; i++) {
      renameOver(join(ws.workspace, 'USER.md'), `renamed ${i}`);
      await reported('USER.md', `renamed ${i}`);
      // edited the moment the rename was seen: the watch of the folder still sees the file
      writeFileSync(join(ws.workspace, 'USER.md'), `edited ${i}`);
      await reported('USER.md', `edited ${i}`);
    }
  });

  it('notices renames in subfolders, new files, and folders made after the watch began', async () => {
    renameOver(join(ws.workspace, 'memory', 'MEMORY.md'), '- a new fact');
    await reported('memory/MEMORY.md', '- a new fact');
    writeFileSync(join(ws.workspace, 'memory', 'MEMORY.md'), '- edited after the rename');
    await reported('memory/MEMORY.md', '- edited after the rename');
    writeFileSync(join(ws.workspace, 'SOUL.md'), 'new file');
    await reported('SOUL.md', 'new file');
    // a folder made and written into at once (mkdir -p … && echo > …): the new folder is scanned when it appears
    mkdirSync(join(ws.workspace, 'skills', 'garden'), { recursive: true });
    writeFileSync(join(ws.workspace, 'skills', 'garden', 'SKILL.md'), '---\nname: garden\n---\n');
    await reported('skills/garden/SKILL.md', '---\nname: garden\n---\n');
    writeFileSync(join(ws.workspace, 'skills', 'garden', 'SKILL.md'), '---\nname: garden\ndescription: plants\n---\n');
    await reported('skills/garden/SKILL.md', '---\nname: garden\ndescription: plants\n---\n');
  });

  it('reports only markdown outside hidden folders', async () => {
    writeFileSync(join(ws.workspace, 'notes.txt'), 'x');
    mkdirSync(join(ws.workspace, '.git'), { recursive: true });
    writeFileSync(join(ws.workspace, '.git', 'HEAD.md'), 'x');
    writeFileSync(join(ws.workspace, 'TOOLS.md'), 'tools');
    await reported('TOOLS.md', 'tools');
    // the other two were written first, in folders the watcher sees (or skips) in the same way
    expect(new Set(seen.map((r) => r.rel))).toEqual(new Set(['TOOLS.md']));
  });

  it('an event that names no file makes it look through that folder again (files reported, new folders watched)', async () => {
    const onWorkspace = listeners.get(ws.workspace);
    expect(onWorkspace).toBeDefined();
    onWorkspace!('rename', null);
    // nothing changed on disk, so only the rescan can report the folder's markdown
    await reported('USER.md', 'first');
    expect(seen.some((r) => r.rel === 'memory/MEMORY.md')).toBe(false); // a subfolder already watched is not rescanned
  });
});
