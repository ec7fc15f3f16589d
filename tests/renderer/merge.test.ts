// The conflict merge: differing hunks keep both sides by default, one-sided hunks keep the side with text.
import { describe, expect, it } from 'vitest';
import { applyMergeChoices, buildMergeParts, hunkCount, lineDiff } from '../../src-renderer/src/lib/merge';

describe('merge', () => {
  const theirs = '# Memory\n- tea\n- agent: meeting at 3\n';
  const yours = '# Memory\n- tea\n- me: buy milk\n';

  it('splits into shared runs and one hunk, and by default keeps both sides', () => {
    const parts = buildMergeParts(theirs, yours);
    expect(hunkCount(parts)).toBe(1);
    expect(parts.find((p) => p.kind === 'hunk')).toMatchObject({ theirs: '- agent: meeting at 3\n', yours: '- me: buy milk\n', defaultChoice: 'both' });
    expect(applyMergeChoices(parts, {})).toBe('# Memory\n- tea\n- agent: meeting at 3\n- me: buy milk\n');
  });

  it('applies the chosen side per hunk', () => {
    const parts = buildMergeParts(theirs, yours);
    expect(applyMergeChoices(parts, { 0: 'yours' })).toBe(yours);
    expect(applyMergeChoices(parts, { 0: 'theirs' })).toBe(theirs);
  });

  it('one-sided changes keep the added text', () => {
    const agentAdded = buildMergeParts('a\nb\nagent\n', 'a\nb\n');
    expect(applyMergeChoices(agentAdded, {})).toBe('a\nb\nagent\n');
    const userAdded = buildMergeParts('a\n', 'a\nmine\n');
    expect(applyMergeChoices(userAdded, {})).toBe('a\nmine\n');
  });

  it('with the common base, a line only the agent changed defaults to theirs', () => {
    const base = '# M\n- tea\n- cat\n';
    const agent = '# M\n- tea (sencha)\n- cat\n';
    const mine = '# M\n- tea\n- cat\n- milk\n';
    const parts = buildMergeParts(agent, mine, base);
    expect(parts.filter((p) => p.kind === 'hunk').map((p) => p.kind === 'hunk' && p.defaultChoice)).toEqual(['theirs', 'yours']);
    expect(applyMergeChoices(parts, {})).toBe('# M\n- tea (sencha)\n- cat\n- milk\n');
  });

  it('adds a newline between both sides when the first lacks one', () => {
    expect(applyMergeChoices(buildMergeParts('x', 'y'), {})).toBe('x\ny');
  });

  it('lineDiff marks added and removed lines', () => {
    expect(lineDiff('a\nb\n', 'a\nc\n')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'del', text: 'b' },
      { kind: 'add', text: 'c' },
    ]);
  });
});
