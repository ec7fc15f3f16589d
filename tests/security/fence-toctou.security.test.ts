// Time-of-check/time-of-use through the real agent loop: while another process keeps swapping a symlink
// and a real folder of the workspace for links to the outside, hundreds of file tool calls run. None may
// read the outside file, list it, or write anything outside.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import type { ScriptedToolCall } from '../helpers/scripted-llm-server';

const SWAPPER = resolve(__dirname, 'fixtures/symlink-swapper.mjs');
const ROUNDS = 5;
const t = useScriptedCore({ approvalMode: 'auto' });
let swapper: ChildProcess | undefined;
let outside = '';
afterEach(() => {
  if (swapper?.exitCode === null && swapper.pid) process.kill(swapper.pid, 'SIGKILL');
  swapper = undefined;
  if (outside) rmSync(outside, { recursive: true, force: true });
});

function startSwapper(ws: string, out: string): Promise<ChildProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [SWAPPER, ws, out], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', () => resolvePromise(child));
    child.once('error', reject);
  });
}

function stopSwapper(child: ChildProcess): Promise<number> {
  return new Promise((resolvePromise) => {
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.once('exit', () => resolvePromise(Number(out.trim().split('\n').at(-1))));
    child.kill('SIGTERM');
  });
}

/** One model reply worth of calls that each go through `d` (flipped link) or `real` (swapped folder). */
function round(r: number): ScriptedToolCall[] {
  const calls: ScriptedToolCall[] = [];
  for (let i = 0; i < 12; i++) {
    const via = i % 2 ? 'd' : 'real';
    calls.push(
      { name: 'read_file', arguments: { path: `${via}/inside.txt` } },
      { name: 'write_file', arguments: { path: `${via}/w-${r}-${i}.txt`, content: 'written by the agent' } },
      { name: 'list_dir', arguments: { path: via } },
      { name: 'edit_file', arguments: { path: `${via}/inside.txt`, old_text: 'INSIDE', new_text: 'INSIDE' } },
    );
  }
  return calls;
}

describe('file tools under a concurrent symlink swap', () => {
  it('never read, list or write the outside, however the race falls', async () => {
    const core = t.open();
    const ws = core.workspace();
    outside = mkdtempSync(join(tmpdir(), 'nanotray-toctou-'));
    writeFileSync(join(outside, 'inside.txt'), 'OUTSIDE-SECRET\n');
    writeFileSync(join(outside, 'outside-only.txt'), 'OUTSIDE-SECRET\n');
    for (const dir of ['inside', 'real']) {
      mkdirSync(join(ws, dir));
      writeFileSync(join(ws, dir, 'inside.txt'), 'INSIDE\n');
    }
    symlinkSync(join(ws, 'inside'), join(ws, 'd'));
    for (let r = 0; r < ROUNDS; r++) t.llm.enqueue({ toolCalls: round(r) });
    t.llm.enqueue({ text: 'done' });

    swapper = await startSwapper(ws, outside);
    const result = await core.sessions.run({ sessionKey: 'cli:race', text: 'race', interactive: false, source: 'user' });
    const swaps = await stopSwapper(swapper);

    expect(result.stopReason).toBe('completed');
    expect(swaps).toBeGreaterThan(0);
    const toolText = t.llm.requests.flatMap((req) => (req.body as { messages: Array<{ role: string; content: unknown }> }).messages)
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content));
    expect(toolText.length).toBeGreaterThanOrEqual(ROUNDS * 48);
    expect(toolText.filter((m) => m.includes('OUTSIDE-SECRET') || m.includes('outside-only'))).toEqual([]);
    expect(readdirSync(outside).sort()).toEqual(['inside.txt', 'outside-only.txt']);

    // With the race over, the same call works: the refusals above were the race, not a broken tool.
    t.llm.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'd/inside.txt' } }] }, { text: 'ok' });
    await core.sessions.run({ sessionKey: 'cli:race', text: 'again', interactive: false, source: 'user' });
    const last = (t.llm.requests.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> }).messages.at(-1)!;
    expect(String(last.content)).toContain('1| INSIDE');
  });
});
