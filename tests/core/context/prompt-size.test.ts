// Guards the prompt budget: the default workspace with 50 skills stays under 3,000 tokens.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SystemPromptBuilder } from '../../../src-main/core/context/system-prompt';
import { loadTokenizer, countTokens } from '../../../src-main/core/context/token-estimate';
import { makeWorkspace, type TempWorkspace } from './context-fixtures';

const repo = join(__dirname, '..', '..', '..');
let ws: TempWorkspace;
beforeEach(() => {
  ws = makeWorkspace();
  cpSync(join(repo, 'resources', 'workspace'), ws.workspace, { recursive: true });
});
afterEach(() => ws.cleanup());

// Exact counts need the tokenizer (loaded lazily in the app, only when the byte bound does not fit).
beforeAll(() => loadTokenizer());

describe('system prompt size', () => {
  it('is under 3,000 tokens with the default workspace and 50 skills', () => {
    const prompt = new SystemPromptBuilder();
    const input = { workspace: ws.workspace, builtinSkillsDir: join(repo, 'skills'), timeZone: 'Europe/Berlin', env: { PATH: '' }, now: 0 };
    const builtin = prompt.skills(ws.workspace, input.builtinSkillsDir, input.env, 0).length;
    for (let i = builtin; i < 50; i++) {
      mkdirSync(join(ws.workspace, 'skills', `user-skill-${i}`), { recursive: true });
      writeFileSync(
        join(ws.workspace, 'skills', `user-skill-${i}`, 'SKILL.md'),
        `---\nname: user-skill-${i}\ndescription: Handles recurring task number ${i} for the user, with its own checklist and commands.\n---\nSteps.\n`,
      );
    }
    expect(prompt.skills(ws.workspace, input.builtinSkillsDir, input.env, 0)).toHaveLength(50);
    const tokens = countTokens(prompt.build(input));
    expect(tokens).toBeGreaterThan(1_000);
    expect(tokens).toBeLessThan(3_000);
  });
});
