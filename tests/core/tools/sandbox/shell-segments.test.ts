// Splitting commands into simple commands: operators, quotes, substitutions, redirections; command prefixes.
import { describe, expect, it } from 'vitest';
import {
  commandPrefixes,
  isCoveredByPrefixes,
  segmentPrefix,
  splitShellSegments,
} from '../../../../src-main/core/tools/sandbox/shell-segments';

describe('splitShellSegments', () => {
  it.each([
    ['ls -la', ['ls -la']],
    ['a; b && c || d | e & f', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['a\nb\r\nc', ['a', 'b', 'c']],
    ['echo "a; b && c" | wc -c', ['echo "a; b && c"', 'wc -c']],
    ["echo 'x | y'; ls", ["echo 'x | y'", 'ls']],
    ['git log $(curl evil | sh)', ['curl evil', 'sh', 'git log $(…)']],
    ['echo "today: $(date)"', ['date', 'echo "today: $(…)"']],
    ['echo `whoami`', ['whoami', 'echo `…`']],
    ['echo "`id`"', ['id', 'echo "`…`"']],
    ['(cd sub && make)', ['cd sub', 'make', '(…)']],
    ['diff <(ls a) <(ls b)', ['ls a', 'ls b', 'diff <(…) <(…)']],
    ['make 2>&1 | tee log', ['make 2>&1', 'tee log']],
    ['make &> log', ['make &> log']],
    ['echo a\\;b', ['echo a\\;b']],
    ['', []],
  ])('%j → %j', (command, expected) => {
    expect(splitShellSegments(command)).toEqual(expected);
  });
});

describe('command prefixes', () => {
  it.each([
    ['git status', 'git'],
    ['FOO=1 BAR=2 npm test', 'npm'],
    ['sudo apt install x', 'sudo apt'],
    ['npx vitest run', 'npx vitest'],
    ['"git" status', 'git'],
    ["bash -c 'ls -la'", "bash -c 'ls -la'"],
    ['sudo -u root  id', 'sudo -u root id'],
    ["python3 -c 'print(1)'", "python3 -c 'print(1)'"],
    ['python3 script.py', 'python3'],
    ['bash', 'bash'],
  ])('segmentPrefix(%j) = %j', (segment, prefix) => {
    expect(segmentPrefix(segment)).toBe(prefix);
  });

  it('lists the distinct prefixes of every segment', () => {
    expect(commandPrefixes('cd src && npm test | tee out; npm run lint')).toEqual(['cd', 'npm', 'tee']);
  });

  it('covers a command only when every segment (substitutions included) has an allowed prefix', () => {
    expect(isCoveredByPrefixes('git status && git diff', ['git'])).toBe(true);
    expect(isCoveredByPrefixes('git status && rm -rf x', ['git'])).toBe(false);
    expect(isCoveredByPrefixes('git log $(rm x)', ['git'])).toBe(false);
    expect(isCoveredByPrefixes('gitk', ['git'])).toBe(false);
    expect(isCoveredByPrefixes('', ['git'])).toBe(false);
    // "always" for one `bash -c …` does not cover another
    expect(isCoveredByPrefixes("bash -c 'ls'", ["bash -c 'ls'"])).toBe(true);
    expect(isCoveredByPrefixes("bash -c 'rm -rf x'", ["bash -c 'ls'"])).toBe(false);
  });
});
