// The system prompt is handed back unchanged (the same string) while nothing it shows changed, and rebuilt when something did.
import { renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SystemPromptBuilder } from '../../../src-main/core/context/system-prompt';
import { makeWorkspace, type TempWorkspace } from './context-fixtures';

let ws: TempWorkspace;
beforeEach(() => {
  ws = makeWorkspace();
  ws.write('workspace/AGENTS.md', 'Be brief.\n');
  ws.write('workspace/memory/MEMORY.md', 'The user likes tea.\n');
  ws.write('builtin-skills/tea/SKILL.md', '---\nname: tea\ndescription: Brews tea.\n---\nSteps.\n');
});
afterEach(() => ws.cleanup());

const input = (patch: { timeZone?: string; env?: NodeJS.ProcessEnv } = {}) => ({
  workspace: ws.workspace,
  builtinSkillsDir: ws.builtinSkills,
  timeZone: patch.timeZone ?? 'UTC',
  env: patch.env ?? {},
  now: 0,
});

/** Replaces a file the way editors and Nanotray save it: a new file renamed over the old one. */
function replace(rel: string, text: string): void {
  const abs = join(ws.root, rel);
  writeFileSync(`${abs}.tmp`, text);
  renameSync(`${abs}.tmp`, abs);
}

describe('SystemPromptBuilder', () => {
  it('hands back the same prompt while nothing changed', () => {
    const builder = new SystemPromptBuilder();
    const first = builder.build(input());
    expect(first).toContain('Be brief.');
    expect(first).toContain('The user likes tea.');
    expect(first).toContain('- tea: Brews tea.');
    expect(builder.build(input())).toBe(first);
  });

  it('shows an edited MEMORY.md, a new bootstrap file and a removed one on the next build', () => {
    const builder = new SystemPromptBuilder();
    builder.build(input());
    replace('workspace/memory/MEMORY.md', 'The user likes coffee.\n');
    const edited = builder.build(input());
    expect(edited).toContain('The user likes coffee.');
    expect(edited).not.toContain('likes tea');
    ws.write('workspace/SOUL.md', 'Warm and direct.\n');
    expect(builder.build(input())).toContain('# SOUL.md\n\nWarm and direct.');
    rmSync(join(ws.workspace, 'AGENTS.md'));
    expect(builder.build(input())).not.toContain('Be brief.');
  });

  it('shows a changed skill, a skill whose program appeared, and another time zone', () => {
    ws.write('builtin-skills/gh/SKILL.md', '---\nname: gh\ndescription: GitHub.\nmetadata:\n  requires:\n    env: [GITHUB_TOKEN]\n---\n');
    const builder = new SystemPromptBuilder();
    expect(builder.build(input())).toContain('- gh: GitHub. (gh/SKILL.md) [unavailable: ENV GITHUB_TOKEN]');
    expect(builder.build(input({ env: { GITHUB_TOKEN: 't' } }))).toContain('- gh: GitHub. (gh/SKILL.md)\n');
    replace('builtin-skills/tea/SKILL.md', '---\nname: tea\ndescription: Brews green tea.\n---\nSteps.\n');
    expect(builder.build(input())).toContain('- tea: Brews green tea.');
    expect(builder.build(input({ timeZone: 'Asia/Shanghai' }))).toContain('Time zone: Asia/Shanghai');
  });

  it('drops a bootstrap file that became a link out of the workspace', () => {
    ws.write('outside.txt', 'Text from outside the workspace.\n');
    const builder = new SystemPromptBuilder();
    expect(builder.build(input())).toContain('Be brief.');
    rmSync(join(ws.workspace, 'AGENTS.md'));
    symlinkSync(join(ws.root, 'outside.txt'), join(ws.workspace, 'AGENTS.md'));
    const prompt = builder.build(input());
    expect(prompt).not.toContain('Be brief.');
    expect(prompt).not.toContain('Text from outside');
  });
});
