// Search snippets read as plain text: Markdown tables, emphasis, code and links lose their marks, matches stay marked.
import { describe, expect, it } from 'vitest';
import { MATCH_CLOSE, MATCH_OPEN, plainSnippet } from '../../../src-main/core/store/plain-snippet';

const hit = (w: string) => `${MATCH_OPEN}${w}${MATCH_CLOSE}`;

describe('plainSnippet', () => {
  it.each([
    ['a table row', `| Island | ${hit('Quokka')} | 12 |\n|---|---|---|`, 'Island [Quokka] 12'],
    ['a table rule between rows', `| a | b |\n| :--- | ---: |\n| ${hit('c')} | d |`, 'a b [c] d'],
    ['emphasis and code', `**bold** and \`${hit('code')}\` and _it_`, 'bold and [code] and _it_'],
    ['a link keeps its text', `see [the ${hit('docs')}](https://x.test/a) now`, 'see the [docs] now'],
    ['headings and quotes', `## Title\n> quoted ${hit('word')}`, 'Title quoted [word]'],
    ['brackets of the text itself', `array [1, 2] has ${hit('two')}`, 'array 1, 2 has [two]'],
    ['a code fence', `\`\`\`python\nprint(${hit('x')})\n\`\`\``, 'print([x])'],
  ])('%s', (_name, raw, plain) => {
    expect(plainSnippet(raw)).toBe(plain);
  });
});
