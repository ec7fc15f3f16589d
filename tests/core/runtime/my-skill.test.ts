// The bundled `my` skill: valid front matter, and the texts it teaches match what the policy prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src-main/core/skills/skill-loader';
import { BLOCKED_KEYS } from '../../../src-main/core/runtime/key-screens';
import { makePolicy, text, TOOL_CTX } from './policy-fixture';

const dir = join(__dirname, '../../../skills/my');
const skillText = readFileSync(join(dir, 'SKILL.md'), 'utf8');
const examples = readFileSync(join(dir, 'references/examples.md'), 'utf8');

describe('skills/my', () => {
  it('has name, description and always: false', () => {
    const parsed = parseSkill(skillText, 'my');
    expect(parsed.broken).toBeUndefined();
    expect(parsed.name).toBe('my');
    expect(parsed.always).toBe(false);
    expect(parsed.description.length).toBeGreaterThan(20);
  });

  it('covers the rules the issue asks for', () => {
    expect(skillText).toContain('## When to check');
    expect(skillText).toContain('## When to set');
    expect(skillText).toContain('**Warn first**');
    expect(skillText).toContain('Never put secrets in it');
    expect(skillText).toContain('Do not set `workspace`');
    expect(skillText).toContain('Tomorrow → memory, this session → my.');
  });

  it('quotes the policy\'s exact texts', () => {
    const f = makePolicy();
    const disabled = makePolicy({ tools: { my: { allowSet: false } } });
    try {
      const answers = [
        text(f.policy.check('web_config.search.api_key', TOOL_CTX)),
        text(f.policy.set('web_config', 1, TOOL_CTX)),
        text(disabled.policy.set('max_iterations', 1, TOOL_CTX)),
        text(f.policy.check('request.channel', { source: 'ui' })),
        text(f.policy.set('max_iterations', 60, TOOL_CTX)),
      ];
      for (const answer of answers) expect(examples).toContain(answer);
      f.policy.set('trip_plan', { done: ['flights'] }, TOOL_CTX);
      expect(examples).toContain(text(f.policy.check('trip_plan.done', TOOL_CTX)));
      expect(examples).toContain(text(f.policy.set('trip_plan', undefined, TOOL_CTX)));
      expect(examples).toContain("Error: direct 'model' changes are instance-wide …");
      expect(skillText).toContain('Error: set is disabled (tools.my.allow_set is false)');
      for (const name of ['tools', 'sessions', 'config']) expect(BLOCKED_KEYS.has(name)).toBe(true);
    } finally {
      f.close();
      disabled.close();
    }
  });
});
