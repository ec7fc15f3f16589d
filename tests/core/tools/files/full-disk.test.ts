// A full disk (a real 300 KB tmpfs) under write_file through the agent loop, the memory editor and a settings
// save: the old file stays whole, no temp file is left, and each says "the disk is full (N KB free)".
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../../../helpers/scripted-core';
import { recordedToolResult } from '../../../helpers/recorded-tool-result';
import { updateConfigFile } from '../../../../src-main/core/config/load-config';
import { createApiHandlers } from '../../../../src-main/core/api/api-handlers';
import { headlessHost } from '../../../../src-main/core/api/api-host';
import { createDispatcher } from '../../../../src-main/core/api/dispatch';
import { canMount, fillUntilFree, removeSmallDisks, smallDisk } from '../../../helpers/small-disk';

const t = useScriptedCore({ approvalMode: 'auto' });
afterEach(removeSmallDisks);

const leftovers = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).filter((n) => n.endsWith('.tmp'));
describe.skipIf(!canMount)('a full disk (tmpfs of 300 KB; skipped only where this process may not mount one)', () => {
  it('write_file of 150 KB over a 28 KB file: the old file stays whole, the model hears "the disk is full"', async () => {
    const disk = smallDisk();
    const workspace = join(disk, 'workspace');
    mkdirSync(workspace);
    t.open({ agent: { workspace } });
    const old = 'old line of the report\n'.repeat(1250); // ~28 KB
    writeFileSync(join(workspace, 'report.md'), old);
    fillUntilFree(disk, 100);
    t.llm.enqueue({ toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'report.md', content: 'n'.repeat(150 * 1024) } }] }, { text: 'done' });
    const result = await t.core.sessions.run({ sessionKey: 'cli:disk', text: 'rewrite the report', interactive: false, source: 'user' });
    expect(result.stopReason).toBe('completed');
    const said = recordedToolResult(t.llm.requests, 'w1');
    expect(said).toMatch(/^Error: Could not save .*report\.md: the disk is full \(\d+ KB free\)/);
    expect(said).not.toMatch(/Successfully|\.tmp/);
    expect(readFileSync(join(workspace, 'report.md'), 'utf8')).toBe(old);
    expect(leftovers(disk)).toEqual([]);
  });

  it('the memory editor (through the API the window calls) says the disk is full and keeps the file; a settings save likewise', async () => {
    const disk = smallDisk();
    const workspace = join(disk, 'workspace');
    mkdirSync(workspace);
    const core = t.open({ agent: { workspace } });
    const call = createDispatcher(createApiHandlers(core, headlessHost('web', '1.0.0')), { logError: () => undefined });
    const before = (await call('memory:read', { path: 'memory/MEMORY.md' })) as { ok: true; value: { content: string; version: string } };
    fillUntilFree(disk, 100);
    const written = (await call('memory:write', { path: 'memory/MEMORY.md', content: 'm'.repeat(150 * 1024), baseVersion: before.value.version })) as {
      ok: boolean;
      error?: { message: string };
    };
    expect(written.ok).toBe(false);
    expect(written.error?.message).toMatch(/the disk is full \(\d+ KB free\)/);
    expect(readFileSync(join(workspace, 'memory', 'MEMORY.md'), 'utf8')).toBe(before.value.content);

    const configFile = join(disk, 'config.json');
    writeFileSync(configFile, '{}\n');
    fillUntilFree(disk, 0);
    const saved = updateConfigFile(configFile, (raw) => {
      raw.agent = { model: 'gpt-4.1' };
    });
    expect(saved.ok).toBe(false);
    if (saved.ok) return;
    expect(saved.error.code).toBe('disk_full');
    expect(saved.error.message).toMatch(/the disk is full \(0 KB free\)/);
    expect(readFileSync(configFile, 'utf8')).toBe('{}\n');
    expect(leftovers(disk)).toEqual([]);
  });
});
