// Why no rule covers a command: every reason has its text in the desktop catalogue, the core's English (CLI
// prompt, approval message) and the window's Chinese come from that one text, with the piece it is about.
import { describe, expect, it } from 'vitest';
import { describeUncovered, uncovered, viewOf } from '../../../../src-main/core/tools/shell-grammar/uncovered';
import { NEVER_COVERED_CODES, RULE_MISSING_CODES } from '../../../../src-preload/contract/uncovered-codes';
import { wordRef } from '../../../../src-preload/contract/desktop-texts';

describe('uncovered reasons', () => {
  it('a view carries the code, the English sentence and the detail the window words again', () => {
    const why = viewOf(uncovered('no_rule', 'ls'));
    expect(why).toEqual({ code: 'no_rule', message: 'No rule allows ls in this folder.', detail: 'ls' });
    expect(wordRef('zh', { key: `uncovered.${why.code}`, values: { d: why.detail } })).toBe('没有规则允许在这个文件夹中运行 ls。');
  });

  it('every reason reads as a sentence naming its detail, in both languages', () => {
    for (const code of [...NEVER_COVERED_CODES, ...RULE_MISSING_CODES]) {
      const english = describeUncovered(uncovered(code, 'DETAIL'));
      expect(english).not.toContain('{{');
      const chinese = wordRef('zh', { key: `uncovered.${code}`, values: { d: 'DETAIL' } });
      expect(chinese).not.toContain('{{');
      expect(english.includes('DETAIL')).toBe(chinese.includes('DETAIL'));
    }
  });
});
