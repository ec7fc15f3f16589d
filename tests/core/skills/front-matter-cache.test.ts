// Parsed front matter kept between processes by its text: a later loader reads it from the file, a changed text is
// parsed again, a broken one stays broken with its reason, and a damaged or missing file only means parsing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillLoader } from '../../../src-main/core/skills/skill-loader';
import { makeWorkspace, type TempWorkspace } from '../context/context-fixtures';

let ws: TempWorkspace;
let cacheFile: string;
beforeEach(() => {
  ws = makeWorkspace();
  cacheFile = join(ws.root, 'cache', 'front-matter.json');
});
afterEach(() => ws.cleanup());

const roots = () => ({ builtinDir: ws.builtinSkills, workspaceDir: join(ws.workspace, 'skills') });
const load = () => new SkillLoader(cacheFile).load(roots(), { PATH: '' });
const summary = () => load().map((s) => [s.name, s.description, s.always, s.broken]);

describe('the front matter cache', () => {
  it('gives a new loader the same skills, from the file it wrote', () => {
    ws.write('builtin-skills/weather/SKILL.md', '---\nname: weather\ndescription: Forecasts.\nalways: yes\n---\nBody\n');
    const first = summary();
    expect(first).toEqual([['weather', 'Forecasts.', true, undefined]]);
    expect(JSON.parse(readFileSync(cacheFile, 'utf8')).entries).toEqual([['name: weather\ndescription: Forecasts.\nalways: yes\n', { meta: { name: 'weather', description: 'Forecasts.', always: true } }]]);
    // What the file says for this exact text is what a later process uses (no parse of it).
    writeFileSync(cacheFile, JSON.stringify({ version: 1, entries: [['name: weather\ndescription: Forecasts.\nalways: yes\n', { meta: { name: 'weather', description: 'From the cache.' } }]] }));
    expect(summary()).toEqual([['weather', 'From the cache.', false, undefined]]);
  });

  it('parses a changed front matter again and keeps a broken one broken', () => {
    ws.write('builtin-skills/weather/SKILL.md', '---\nname: weather\ndescription: Old.\n---\nBody\n');
    expect(summary()).toEqual([['weather', 'Old.', false, undefined]]);
    ws.write('builtin-skills/weather/SKILL.md', '---\nname: weather\ndescription: New.\nname: again\n---\nBody\n');
    const broken = summary();
    expect(broken[0]![3]).toMatch(/^malformed front matter: line 3: duplicate key 'name'/);
    expect(summary()).toEqual(broken);
  });

  it('parses as usual when the file is damaged, of another version or cannot be written', () => {
    ws.write('builtin-skills/weather/SKILL.md', '---\nname: weather\ndescription: Forecasts.\n---\nBody\n');
    for (const damaged of ['{not json', JSON.stringify({ version: 2, entries: [] }), JSON.stringify({ version: 1, entries: [['x', 5]] })]) {
      writeFileSync(join(ws.root, 'damaged.json'), damaged);
      cacheFile = join(ws.root, 'damaged.json');
      expect(summary()).toEqual([['weather', 'Forecasts.', false, undefined]]);
    }
    cacheFile = join(ws.builtinSkills, 'weather', 'SKILL.md', 'cannot-be-a-folder.json');
    expect(summary()).toEqual([['weather', 'Forecasts.', false, undefined]]);
  });
});
