import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceContextBuilder } from '../../../src-main/core/context/context-builder';
import { BOOTSTRAP_MAX_CHARS } from '../../../src-main/core/context/system-prompt';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { defaultConfig } from '../../../src-preload/contract/config-schema';
import { assistant, contextInput, makeWorkspace, user, type TempWorkspace } from './context-fixtures';

let ws: TempWorkspace;
let db: Database;

beforeEach(() => {
  ws = makeWorkspace();
  db = openDatabase(':memory:');
});
afterEach(() => {
  db.close();
  ws.cleanup();
});

function builder(): WorkspaceContextBuilder {
  return new WorkspaceContextBuilder({ db, builtinSkillsDir: ws.builtinSkills, env: { PATH: '' } });
}

describe('WorkspaceContextBuilder', () => {
  it('puts identity, bootstrap files in order, memory, always skills and the skills summary in the system prompt', async () => {
    ws.write('workspace/USER.md', 'The user is Ada.');
    ws.write('workspace/AGENTS.md', 'Agent rules here.');
    ws.write('workspace/IDENTITY.md', 'Identity notes.');
    ws.write('workspace/memory/MEMORY.md', 'Ada likes tea.');
    ws.write('builtin-skills/tea/SKILL.md', '---\nname: tea\ndescription: Brew tea properly.\nalways: true\n---\nSteep for 3 minutes.\n');
    ws.write('builtin-skills/gh/SKILL.md', '---\nname: gh\ndescription: GitHub work.\nmetadata:\n  requires:\n    bins: [gh]\n---\nUse gh.\n');
    const messages = await builder().build(contextInput(ws.workspace, [user('hi')]));
    const system = messages[0]!;
    expect(system.role).toBe('system');
    const text = system.content as string;
    expect(text.startsWith('# Nanotray\n\nYou are Nanotray')).toBe(true);
    expect(text).toContain(`- Workspace: ${ws.workspace}`);
    const order = ['# AGENTS.md\n\nAgent rules here.', '# USER.md\n\nThe user is Ada.', '# IDENTITY.md\n\nIdentity notes.', '# Memory (memory/MEMORY.md)\n\nAda likes tea.', '# Active skills', '## tea\n\nSteep for 3 minutes.', '# Skills'];
    const positions = order.map((s) => text.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain('# SOUL.md');
    expect(text).toContain('- gh: GitHub work. (gh/SKILL.md) [unavailable: CLI gh]');
    expect(text).toContain(`## Built-in skills (folder: ${ws.builtinSkills})`);
  });

  it('keeps the prefix byte-identical across two turns when no file changed, and changes it after an edit', async () => {
    ws.write('workspace/AGENTS.md', 'Version one.');
    const b = builder();
    const history1 = [user('first question')];
    const turn1 = await b.build(contextInput(ws.workspace, history1, { now: Date.UTC(2026, 10, 29, 10, 0) }));
    const history2 = [...history1, assistant('first answer'), user('second question')];
    const turn2 = await b.build(contextInput(ws.workspace, history2, { now: Date.UTC(2026, 10, 29, 11, 30) }));
    expect(turn2[0]).toEqual(turn1[0]);
    expect(JSON.stringify(turn2[0])).toBe(JSON.stringify(turn1[0]));
    // The time travels in the newest user message only.
    expect(turn1[1]).toEqual({ role: 'user', content: 'first question\n\n[Runtime context: 2026-11-29 10:00 (Sunday), time zone UTC; channel desktop]' });
    expect(turn2[1]).toEqual({ role: 'user', content: 'first question' });
    expect(turn2[3]).toEqual({ role: 'user', content: 'second question\n\n[Runtime context: 2026-11-29 11:30 (Sunday), time zone UTC; channel desktop]' });

    const agents = join(ws.workspace, 'AGENTS.md');
    writeFileSync(agents, 'Version two.');
    utimesSync(agents, new Date(), new Date(Date.now() + 5_000));
    const turn3 = await b.build(contextInput(ws.workspace, history2));
    expect(turn3[0]!.content).toContain('# AGENTS.md\n\nVersion two.');
    expect(turn3[0]!.content).not.toContain('Version one.');
  });

  it('caps a long bootstrap file and says it was cut', async () => {
    ws.write('workspace/SOUL.md', 'x'.repeat(BOOTSTRAP_MAX_CHARS + 500));
    const messages = await builder().build(contextInput(ws.workspace, [user('hi')]));
    expect(messages[0]!.content).toContain(
      `[... SOUL.md was cut here: showing ${BOOTSTRAP_MAX_CHARS} of ${BOOTSTRAP_MAX_CHARS + 500} characters. Read the rest with read_file.]`,
    );
  });

  it('uses the configured time zone in the runtime note', async () => {
    const config = defaultConfig();
    config.agent.timezone = 'Asia/Tokyo';
    const messages = await builder().build(contextInput(ws.workspace, [user('hi')], {}, config));
    expect(messages[0]!.content).toContain('- Time zone: Asia/Tokyo');
    expect(messages[1]!.content).toBe('hi\n\n[Runtime context: 2026-11-30 04:40 (Monday), time zone Asia/Tokyo; channel desktop]');
  });

  it('never sends more history than the window allows', async () => {
    const history = [];
    for (let i = 0; i < 400; i++) history.push(user(`question ${i} ${'lorem ipsum '.repeat(40)}`), assistant(`answer ${i}`));
    history.push(user('latest'));
    const b = builder();
    const input = contextInput(ws.workspace, history, {
      model: { presetName: 'default', provider: 'test', model: 'm', contextWindowTokens: 8192, maxTokens: 1024, temperature: 0, vision: false },
    });
    const messages = await b.build(input);
    const stats = b.lastStats!;
    expect(stats.historyTokens).toBeLessThanOrEqual(stats.budgetTokens);
    expect(stats.systemTokens + stats.historyTokens + stats.toolTokens).toBeLessThanOrEqual(8192 - 1024);
    expect(stats.droppedMessages).toBeGreaterThan(0);
    expect(messages[1]!.role).toBe('user');
    expect(messages[messages.length - 1]!.content).toContain('latest\n\n[Runtime context:');
  });

  it('sends at most agent.maxHistoryMessages of a history that fits the window, starting at a question', async () => {
    const history = [];
    for (let i = 0; i < 50; i++) history.push(user(`question ${i}`), assistant(`answer ${i}`));
    history.push(user('latest'));
    const b = builder();
    const config = defaultConfig();
    config.agent.maxHistoryMessages = 20;
    const messages = await b.build(contextInput(ws.workspace, history, {}, config));
    expect(messages.slice(1).map((m) => m.content)).toEqual([...history.slice(-19).map((m) => m.content).slice(0, -1), expect.stringContaining('latest\n\n[Runtime context:')]);
    expect(messages[1]).toEqual(user('question 41'));
    expect(b.lastStats!.droppedMessages).toBe(history.length - 19);
    // Within the cap, the whole history goes (the fast path).
    config.agent.maxHistoryMessages = 101;
    expect(await b.build(contextInput(ws.workspace, history, {}, config))).toHaveLength(102);
  });
});
