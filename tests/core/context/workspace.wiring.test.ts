// The workspace services inside a real core: prompt stability across turns, edits picked up next turn,
// versions of files the agent writes, and core.skills.
import { useScriptedCore } from '../../helpers/scripted-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/nanotray-core';
import { appendMessages, type NewMessage } from '../../../src-main/core/store/messages.repo';
import { ensureSession, getSession } from '../../../src-main/core/store/sessions.repo';
import { sumUsage } from '../../../src-main/core/store/usage.repo';
import { loadTokenizer, messagesTokens } from '../../../src-main/core/context/token-estimate';

const t = useScriptedCore({ approvalMode: 'auto' });

const makeCore = (): Core => t.open({}, { env: { PATH: '' } });

describe('workspace services in the core', () => {
  it('turns use the workspace context builder: same system prompt across turns, a file edit shows next turn', async () => {
    const c = makeCore();
    t.llm.enqueue({ text: 'one' }, { text: 'two' }, { text: 'three' });
    await c.sessions.run({ sessionKey: 'desktop:a', text: 'first' });
    await c.sessions.run({ sessionKey: 'desktop:a', text: 'second' });
    const [r1, r2] = t.llm.requests.map((r) => r.body.messages);
    expect(r1[0].role).toBe('system');
    expect(r2[0].content).toBe(r1[0].content);
    expect(r2[1]).toEqual({ role: 'user', content: 'first' });
    expect(String(r1[1].content).startsWith('first\n\n[Runtime context: ')).toBe(true);
    expect(r1[0].content).toContain('# Skills');
    expect(r1[0].content).toContain('- github: ');

    const user = c.memory.read('USER.md');
    if (!user.ok) throw new Error(user.error.message);
    const written = c.memory.write('USER.md', `${user.value.content}\nThe user's name is Grace.\n`, user.value.version, 'user');
    expect(written.ok && written.value.status).toBe('written');
    await c.sessions.run({ sessionKey: 'desktop:a', text: 'third' });
    const r3 = t.llm.requests[2]!.body.messages;
    expect(r3[0].content).not.toBe(r1[0].content);
    expect(r3[0].content).toContain("The user's name is Grace.");
  });

  it('stores the previous version when the agent writes a memory file with a tool', async () => {
    const c = makeCore();
    const before = readFileSync(join(c.workspace(), 'memory', 'MEMORY.md'), 'utf8');
    t.llm.enqueue(
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'memory/MEMORY.md', content: '# Memory\n\n- Likes green tea.\n' } }] },
      { text: 'Noted.' },
    );
    await c.sessions.run({ sessionKey: 'desktop:a', text: 'Remember that I like green tea.' });
    expect(readFileSync(join(c.workspace(), 'memory', 'MEMORY.md'), 'utf8')).toBe('# Memory\n\n- Likes green tea.\n');
    const versions = c.memory.versions('memory/MEMORY.md');
    if (!versions.ok) throw new Error(versions.error.message);
    expect(versions.value.map((v) => v.author)).toEqual(['agent']);
    const previous = c.memory.readVersion(versions.value[0]!.id);
    expect(previous.ok && previous.value.content).toBe(before);
    const reverted = c.memory.revert('memory/MEMORY.md', versions.value[0]!.id);
    expect(reverted.ok && reverted.value.status).toBe('written');
    expect(readFileSync(join(c.workspace(), 'memory', 'MEMORY.md'), 'utf8')).toBe(before);
  });

  it('lists built-in and workspace skills; a workspace skill of the same name wins', async () => {
    const c = makeCore();
    const builtin = c.skills.list().find((s) => s.name === 'weather')!;
    expect(builtin).toMatchObject({ source: 'builtin', missing: ['CLI curl'] });
    const w = c.memory.write('skills/weather/SKILL.md', '---\nname: weather\ndescription: My weather.\n---\nUse my station.\n', 'missing', 'user');
    expect(w.ok && w.value.status).toBe('written');
    expect(c.skills.list().find((s) => s.name === 'weather')).toMatchObject({ source: 'workspace', description: 'My weather.', missing: [] });
    expect(c.skills.summary()).toContain('- weather: My weather. (weather/SKILL.md)');
  });
});

describe('consolidation through the core', () => {
  it('consolidates a session that outgrew the window, each summariser request inside it, then answers from the summary', async () => {
    const c = t.open({ agent: { contextWindowTokens: 16_384, maxTokens: 512 } }, { env: { PATH: '' } });
    const key = 'desktop:long';
    ensureSession(c.db, key, 1);
    const rows: NewMessage[] = [];
    for (let i = 0; i < 200; i++) {
      rows.push({ sessionKey: key, role: 'user', content: `Turn ${i}: ${'we talked about the garden, tomatoes and the watering plan. '.repeat(6)}`, createdAt: 1_000 + i });
      rows.push({ sessionKey: key, role: 'assistant', content: `Answer ${i}: noted about the garden.`, createdAt: 1_000 + i });
    }
    appendMessages(c.db, rows);
    const saveMemory = { id: 'sm', name: 'save_memory', arguments: { history_entry: 'We planned the garden: tomatoes, watering every morning.', new_facts: ['The user grows tomatoes.'] } };
    t.llm.setFallback((request) =>
      request.body.tools?.some((tool: any) => tool.function.name === 'save_memory') ? { toolCalls: [saveMemory] } : { text: 'You water every morning.' },
    );
    const turn = await c.sessions.run({ sessionKey: key, text: 'When do I water?' });
    expect(turn.text).toBe('You water every morning.');
    await loadTokenizer();
    const summaries = t.llm.requests.slice(0, -1);
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    for (const r of summaries) {
      expect(r.body.tools.map((tool: any) => tool.function.name)).toEqual(['save_memory']);
      expect(messagesTokens(r.body.messages)).toBeLessThanOrEqual(16_384 - 512);
    }
    const main = t.llm.requests.at(-1)!.body.messages;
    expect(main[0].content).toContain('# Earlier in this conversation');
    expect(main[0].content).toContain('We planned the garden: tomatoes, watering every morning.');
    expect(main[0].content).toContain('- The user grows tomatoes.');
    expect(main.length).toBeLessThan(402);
    expect(main[1].role).toBe('user');
    const historyFile = readFileSync(join(c.workspace(), 'memory', 'HISTORY.md'), 'utf8');
    expect(historyFile).toContain(`— ${key}\n\nWe planned the garden: tomatoes, watering every morning.\n`);
    expect(getSession(c.db, key)!.meta.consolidatedThrough).toBeGreaterThan(0);
    expect(sumUsage(c.db, { source: 'consolidation' }).totalTokens).toBeGreaterThan(0);
  });
});

describe('external edits', () => {
  it('reports a change made by another program as memory.changed (external) and keeps the replaced text', async () => {
    const c = t.open({}, { env: { PATH: '' }, startBackground: true });
    const changes: unknown[] = [];
    c.events.on((e) => e.type === 'memory.changed' && changes.push(e));
    const soul = join(c.workspace(), 'SOUL.md');
    const before = readFileSync(soul, 'utf8');
    await new Promise((r) => setTimeout(r, 50));
    writeFileSync(soul, `${before}\nEdited in another editor.\n`);
    for (let i = 0; i < 100 && !changes.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(changes).toEqual([{ type: 'memory.changed', path: 'SOUL.md', author: 'external' }]);
    const versions = c.memory.versions('SOUL.md');
    if (!versions.ok) throw new Error(versions.error.message);
    expect(versions.value.map((v) => v.author)).toEqual(['external']);
    expect(c.memory.readVersion(versions.value[0]!.id)).toMatchObject({ ok: true, value: { content: before } });
  });
});
