import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseYamlSubset, splitFrontMatter } from '../../../src-main/core/skills/front-matter';

describe('YAML-subset front matter', () => {
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
    expect(parseYamlSubset(yaml)).toEqual({
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

  it.each([
    ['name: a\n\tdescription: b', 'line 2: tabs are not allowed for indentation'],
    ['name: a\njust text', "line 2: expected 'key: value', got 'just text'"],
    ['name: a\nname: b', "line 2: duplicate key 'name'"],
    ['description: "unterminated', 'line 1: unterminated "quoted" string'],
    ['meta: {broken', "line 1: malformed flow value '{broken'"],
    ['name: a\n    deeper: b', 'line 2: unexpected indentation'],
  ])('rejects %j', (yaml, message) => {
    expect(() => parseYamlSubset(yaml)).toThrow(new FrontMatterError(message));
  });
});
