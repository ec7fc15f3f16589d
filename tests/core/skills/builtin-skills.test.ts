import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../../src-main/core/skills/skill-loader';

const builtinDir = join(__dirname, '..', '..', '..', 'skills');

describe('built-in skills', () => {
  const skills = new SkillLoader().load({ builtinDir, workspaceDir: join(builtinDir, '__none__') }, { PATH: '' });
  it('ships the workspace skills with valid front matter', () => {
    const names = skills.map((s) => s.name);
    for (const name of ['github', 'memory', 'skill-creator', 'summarize', 'weather']) expect(names).toContain(name);
    expect(skills.filter((s) => s.broken).map((s) => `${s.name}: ${s.broken}`)).toEqual([]);
  });

  it('declares the CLIs github and weather need', () => {
    const byName = new Map(skills.map((s) => [s.name, s]));
    expect(byName.get('github')!.missing).toEqual(['CLI gh']);
    expect(byName.get('weather')!.missing).toEqual(['CLI curl']);
    expect(byName.get('memory')!.always).toBe(true);
  });
});
