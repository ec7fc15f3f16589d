import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillLoader } from '../../../src-main/core/skills/skill-loader';
import { clearBinaryCache } from '../../../src-main/core/skills/skill-requirements';
import { formatSkillsSummary } from '../../../src-main/core/skills/skills-summary';
import { isSkillAvailable } from '../../../src-main/core/skills/skill';
import { makeWorkspace, type TempWorkspace } from '../context/context-fixtures';

let ws: TempWorkspace;
let bin: string;
beforeEach(() => {
  ws = makeWorkspace();
  bin = join(ws.root, 'bin');
  mkdirSync(bin);
  clearBinaryCache();
});
afterEach(() => ws.cleanup());

const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nBody of ${name}.\n`;
const roots = () => ({ builtinDir: ws.builtinSkills, workspaceDir: join(ws.workspace, 'skills') });

describe('SkillLoader', () => {
  it('loads built-in and workspace skills; a workspace skill replaces a built-in of the same name', () => {
    ws.write('builtin-skills/weather/SKILL.md', skill('weather', 'Built-in weather.'));
    ws.write('builtin-skills/summarize/SKILL.md', skill('summarize', 'Summaries.'));
    ws.write('workspace/skills/weather/SKILL.md', skill('weather', 'My own weather.'));
    ws.write('workspace/skills/empty-folder/readme.txt', 'no SKILL.md here');
    const skills = new SkillLoader().load(roots(), { PATH: bin });
    expect(skills.map((s) => [s.name, s.source, s.description])).toEqual([
      ['summarize', 'builtin', 'Summaries.'],
      ['weather', 'workspace', 'My own weather.'],
    ]);
    expect(skills[1]!.skillFile).toBe(join(ws.workspace, 'skills', 'weather', 'SKILL.md'));
    expect(skills[1]!.body).toBe('\n# weather\n\nBody of weather.\n');
  });

  it('marks skills with missing binaries or environment variables unavailable and says what is missing', () => {
    ws.write('builtin-skills/github/SKILL.md', skill('github', 'GitHub via gh.', 'metadata:\n  requires:\n    bins: [gh]\n    env: [GITHUB_TOKEN]\n'));
    ws.write('builtin-skills/weather/SKILL.md', skill('weather', 'Weather via curl.', 'metadata: {"nanobot": {"requires": {"bins": ["curl"]}}}\n'));
    writeFileSync(join(bin, 'curl'), '#!/bin/sh\n');
    chmodSync(join(bin, 'curl'), 0o755);
    const skills = new SkillLoader().load(roots(), { PATH: bin });
    expect(skills.map((s) => [s.name, s.missing, isSkillAvailable(s)])).toEqual([
      ['github', ['CLI gh', 'ENV GITHUB_TOKEN'], false],
      ['weather', [], true],
    ]);
    const summary = formatSkillsSummary(skills, roots());
    expect(summary).toContain('- github: GitHub via gh. (github/SKILL.md) [unavailable: CLI gh, ENV GITHUB_TOKEN]');
    expect(summary.endsWith('\n- weather: Weather via curl. (weather/SKILL.md)')).toBe(true);
    clearBinaryCache();
    writeFileSync(join(bin, 'gh'), '#!/bin/sh\n');
    chmodSync(join(bin, 'gh'), 0o755);
    const again = new SkillLoader().load(roots(), { PATH: bin, GITHUB_TOKEN: 't' });
    expect(again.map((s) => s.missing)).toEqual([[], []]);
  });

  it('lists skills with malformed front matter as broken with the reason, never throwing', () => {
    ws.write('workspace/skills/no-front/SKILL.md', '# Just a heading\n');
    ws.write('workspace/skills/bad-yaml/SKILL.md', '---\nname: bad-yaml\ndescription: [unclosed\n---\n');
    ws.write('workspace/skills/no-desc/SKILL.md', '---\nname: no-desc\n---\nBody');
    ws.write('workspace/skills/bad-always/SKILL.md', '---\ndescription: d\nalways: sometimes\n---\nBody');
    ws.write('workspace/skills/bad-bins/SKILL.md', '---\ndescription: d\nmetadata:\n  requires:\n    bins: {"a": 1}\n---\n');
    ws.write('workspace/skills/unclosed/SKILL.md', '---\nname: unclosed\n');
    const skills = new SkillLoader().load(roots(), { PATH: bin });
    expect(skills.map((s) => [s.name, s.broken])).toEqual([
      ['bad-always', "'always' must be true or false"],
      ['bad-bins', "'metadata.requires.bins' must be a list of names"],
      ['bad-yaml', 'malformed front matter: line 3: Flow sequence in block collection must be sufficiently indented and end with a ]'],
      ['no-desc', "missing 'description'"],
      ['no-front', 'no front matter (a --- block with name and description at the top)'],
      ['unclosed', 'malformed front matter: front matter starts with --- but has no closing ---'],
    ]);
    const summary = formatSkillsSummary(skills, roots());
    expect(summary).toContain("- no-desc (no-desc/SKILL.md) [broken: missing 'description']");
  });

  it('picks up edits to SKILL.md on the next load', () => {
    const file = ws.write('builtin-skills/tea/SKILL.md', skill('tea', 'Old.'));
    const loader = new SkillLoader();
    expect(loader.load(roots(), {})[0]!.description).toBe('Old.');
    writeFileSync(file, skill('tea', 'New and longer.'));
    expect(loader.load(roots(), {})[0]!.description).toBe('New and longer.');
  });
});

describe('SkillLoader: the same objects while nothing changed', () => {
  it('hands back the same list and skills while nothing changed, checking them again on every load', () => {
    ws.write('builtin-skills/tea/SKILL.md', skill('tea', 'Tea.'));
    ws.write('workspace/skills/notes/SKILL.md', skill('notes', 'Notes.'));
    const loader = new SkillLoader();
    const first = loader.load(roots(), {});
    expect(loader.load(roots(), {})).toBe(first);
    // a new skill folder: a new list, the unchanged skills are the same objects
    ws.write('workspace/skills/weather/SKILL.md', skill('weather', 'Weather.'));
    const second = loader.load(roots(), {});
    expect(second).not.toBe(first);
    expect(second.map((s) => s.name)).toEqual(['notes', 'tea', 'weather']);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    // a removed one is gone at once
    rmSync(join(ws.workspace, 'skills', 'notes'), { recursive: true });
    expect(loader.load(roots(), {}).map((s) => s.name)).toEqual(['tea', 'weather']);
  });

  it('sees an edited SKILL.md, also one replaced by a rename with the same size', () => {
    const file = ws.write('workspace/skills/tea/SKILL.md', skill('tea', 'Old.'));
    const loader = new SkillLoader();
    const first = loader.load(roots(), {});
    writeFileSync(`${file}.tmp`, skill('tea', 'New.'));
    renameSync(`${file}.tmp`, file);
    const second = loader.load(roots(), {});
    expect(second).not.toBe(first);
    expect(second[0]!.description).toBe('New.');
  });

  it('sees a required program appear (after the PATH lookup cache) and a variable being set', () => {
    ws.write('builtin-skills/github/SKILL.md', skill('github', 'GitHub via gh.', 'metadata:\n  requires:\n    bins: [gh]\n    env: [GITHUB_TOKEN]\n'));
    const loader = new SkillLoader();
    const now = 1_000_000;
    const first = loader.load(roots(), { PATH: bin }, now);
    expect(first[0]!.missing).toEqual(['CLI gh', 'ENV GITHUB_TOKEN']);
    expect(loader.load(roots(), { PATH: bin, GITHUB_TOKEN: 't' }, now)[0]!.missing).toEqual(['CLI gh']);
    writeFileSync(join(bin, 'gh'), '#!/bin/sh\n');
    chmodSync(join(bin, 'gh'), 0o755);
    expect(loader.load(roots(), { PATH: bin, GITHUB_TOKEN: 't' }, now + 31_000)[0]!.missing).toEqual([]);
    // another PATH is looked up at once
    expect(loader.load(roots(), { PATH: join(ws.root, 'elsewhere'), GITHUB_TOKEN: 't' }, now + 31_000)[0]!.missing).toEqual(['CLI gh']);
  });

  it('follows a skill folder link when it is pointed elsewhere, and drops a SKILL.md that becomes a link out of its folder', () => {
    ws.write('kept/a/SKILL.md', skill('linked', 'First target.'));
    ws.write('kept/b/SKILL.md', skill('linked', 'Second target.'));
    ws.write('secret.txt', skill('leak', 'Text from outside the folder.'));
    mkdirSync(join(ws.workspace, 'skills'));
    const link = join(ws.workspace, 'skills', 'linked');
    symlinkSync(join(ws.root, 'kept', 'a'), link);
    const loader = new SkillLoader();
    expect(loader.load(roots(), {})[0]!.description).toBe('First target.');
    rmSync(link);
    symlinkSync(join(ws.root, 'kept', 'b'), link);
    expect(loader.load(roots(), {})[0]!.description).toBe('Second target.');
    rmSync(join(ws.root, 'kept', 'b', 'SKILL.md'));
    symlinkSync(join(ws.root, 'secret.txt'), join(ws.root, 'kept', 'b', 'SKILL.md'));
    expect(loader.load(roots(), {})).toEqual([]);
  });
});
