// SKILL.md front matter through the yaml package: valid YAML the old subset parser refused, and hostile input.
import { describe, expect, it } from 'vitest';
import {
  FrontMatterError,
  MAX_FRONT_MATTER_CHARS,
  parseFrontMatterYaml,
  splitFrontMatter,
} from '../../../src-main/core/skills/front-matter';
import { parseSkill } from '../../../src-main/core/skills/skill-loader';

describe('front matter', () => {
  it('splits front matter from the body', () => {
    expect(splitFrontMatter('---\nname: a\n---\nBody\n')).toEqual({ yaml: 'name: a\n', body: 'Body\n' });
    expect(splitFrontMatter('No front matter')).toEqual({ yaml: undefined, body: 'No front matter' });
    expect(() => splitFrontMatter('---\nname: a\n')).toThrow('front matter starts with --- but has no closing ---');
  });

  it('parses scalars, nested mappings, lists, flow lists, JSON and block text', () => {
    const yaml = [
      'name: github',
      'description: "Work with GitHub: issues, PRs"',
      "title: 'It''s fine'",
      'always: false',
      'count: 3',
      'nothing: ~',
      '# a comment',
      'metadata:',
      '  requires:',
      '    bins: [gh, "git"]',
      '    env:',
      '      - GITHUB_TOKEN',
      '  other: {"nanobot": {"emoji": "x"}}',
      'notes: |',
      '  line one',
      '  line two',
      'items:',
      '- name: a',
      '  value: 1',
      '- plain # trailing comment',
    ].join('\n');
    expect(parseFrontMatterYaml(yaml)).toEqual({
      name: 'github',
      description: 'Work with GitHub: issues, PRs',
      title: "It's fine",
      always: false,
      count: 3,
      nothing: null,
      metadata: { requires: { bins: ['gh', 'git'], env: ['GITHUB_TOKEN'] }, other: { nanobot: { emoji: 'x' } } },
      notes: 'line one\nline two\n',
      items: [{ name: 'a', value: 1 }, 'plain'],
    });
  });

  it('reads valid YAML the hand-written subset refused or misread', () => {
    expect(parseFrontMatterYaml('metadata: {nanobot: {requires: {bins: [gh, git], env: [GH_TOKEN]}}}')).toEqual({
      metadata: { nanobot: { requires: { bins: ['gh', 'git'], env: ['GH_TOKEN'] } } },
    });
    expect(parseFrontMatterYaml('description: Work with\n  GitHub issues\n  and pull requests\n')).toEqual({
      description: 'Work with GitHub issues and pull requests',
    });
    expect(parseFrontMatterYaml('notes: |+\n  kept\n\n\nnext: 1\n')).toEqual({ notes: 'kept\n\n\n', next: 1 });
    expect(parseFrontMatterYaml('folded: >-\n  one\n  two\n')).toEqual({ folded: 'one two' });
    expect(parseFrontMatterYaml('base: &b gh\nmetadata:\n  requires:\n    bins: [*b]\n')).toEqual({
      base: 'gh',
      metadata: { requires: { bins: ['gh'] } },
    });
  });

  it('keeps yes/no/on/off as booleans and dates and times as text', () => {
    expect(parseFrontMatterYaml('a: yes\nb: No\nc: ON\nd: off\ne: True\nday: 2024-01-01\nat: 1:30\n')).toEqual({
      a: true,
      b: false,
      c: true,
      d: false,
      e: true,
      day: '2024-01-01',
      at: '1:30',
    });
  });

  it.each([
    ['name: a\n\tdescription: b', 'line 2: tabs are not allowed for indentation'],
    ['name: a\njust text', 'line 2: Implicit map keys need to be followed by map values'],
    ['name: a\nname: b', "line 2: duplicate key 'name'"],
    ['metadata:\n  requires: {bins: [a], bins: [b]}', "line 2: duplicate key 'bins'"],
    ['description: "unterminated', 'line 1: Missing closing "quote'],
    ['name: a\n---\nname: b', 'line 2: only one YAML document is allowed between the --- lines'],
    ['icon: !!binary aGVsbG8=', 'front matter.icon: only text, numbers, booleans, lists and mappings are allowed'],
    ['x: !custom value', 'line 1: unsupported tag (Unresolved tag: !custom)'],
    ['- a\n- b', 'front matter must be a mapping'],
  ])('rejects %j', (yaml, message) => {
    expect(() => parseFrontMatterYaml(yaml)).toThrow(new FrontMatterError(message));
  });

  it('rejects other malformed YAML with the line it is on', () => {
    expect(() => parseFrontMatterYaml('meta: {broken')).toThrow(/^line \d+: /);
    expect(() => parseFrontMatterYaml('name: a\n    deeper: b')).toThrow(/^line 1: /);
  });
});

describe('hostile front matter', () => {
  const laughs = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...'bcdefghi'.split('').map((k, i) => {
      const prev = 'abcdefghi'[i]!;
      return `${k}: &${k} [${Array(9).fill(`*${prev}`).join(',')}]`;
    }),
  ].join('\n');

  it('refuses a billion-laughs alias expansion quickly, with a clear error', () => {
    expect(() => parseFrontMatterYaml(laughs)).toThrow(new FrontMatterError('aliases expand to too much data (more than 100 uses)'));
  });

  it('skips such a skill with the reason instead of loading it', () => {
    const skill = parseSkill(`---\nname: bomb\ndescription: boom\n${laughs}\n---\nBody\n`, 'bomb');
    expect(skill.broken).toBe('malformed front matter: aliases expand to too much data (more than 100 uses)');
    expect(skill.name).toBe('bomb');
  });

  it('refuses oversized and absurdly nested front matter', () => {
    expect(() => parseFrontMatterYaml(`description: ${'x'.repeat(MAX_FRONT_MATTER_CHARS)}`)).toThrow(
      new FrontMatterError('front matter is larger than 64 KB'),
    );
    expect(() => parseFrontMatterYaml(`x: ${'['.repeat(40)}${']'.repeat(40)}`)).toThrow(/nested deeper than 32 levels/);
    expect(() => parseFrontMatterYaml(`x: ${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toThrow(FrontMatterError);
  });

  it('cannot reach the object prototype through a __proto__ key', () => {
    const parsed = parseFrontMatterYaml('__proto__: {polluted: true}\nname: a\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed.name).toBe('a');
  });
});
