// Reports shown on the desktop: characters nobody sees, in text the agent chose, are revealed in every part.
import { describe, expect, it } from 'vitest';
import { noticeWords } from '../../../src-main/core/lib/notice-words';
import { textRef } from '../../../src-preload/contract/desktop-texts';

describe('noticeWords', () => {
  it('reveals invisible characters in plain parts and in the values of catalogue texts', () => {
    const words = noticeWords(textRef('notify.subagentFinished', { label: 'Allow\u202e exec' }), 'done\u200b.');
    expect(words.title).toBe("Subagent 'Allow\\u{202e} exec' finished");
    expect(words.body).toBe('done\\u{200b}.');
    expect(words.text?.title).toEqual({ key: 'notify.subagentFinished', values: { label: 'Allow\\u{202e} exec' } });
  });
});
