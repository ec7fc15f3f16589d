// <think> tags at the start of streamed content become reasoning, whatever the chunk boundaries.
import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter } from '../../../../src-main/core/model/providers/think-tag-splitter';

function split(chunks: string[]): { answer: string; reasoning: string } {
  const s = new ThinkTagSplitter();
  const out = { answer: '', reasoning: '' };
  for (const piece of [...chunks.map((c) => s.push(c)), s.end()]) {
    out.answer += piece.answer;
    out.reasoning += piece.reasoning;
  }
  return out;
}

describe('ThinkTagSplitter', () => {
  it.each([
    [['<think>plan</think>\n\nHello']],
    [['<thi', 'nk>pl', 'an</th', 'ink>', '\n\n', 'Hello']],
    [['\n<think>', 'plan', '</think>Hello']],
    [['<', 't', 'h', 'i', 'n', 'k', '>', 'plan<', '/think>', 'Hel', 'lo']],
  ])('splits %j into reasoning and answer', (chunks) => {
    expect(split(chunks)).toEqual({ answer: 'Hello', reasoning: 'plan' });
  });

  it('content without tags is all answer, including a later "<think>" the model writes about', () => {
    expect(split(['Use the ', '<think>', ' tag.'])).toEqual({ answer: 'Use the <think> tag.', reasoning: '' });
  });

  it('a stream cut inside the thinking keeps it as reasoning', () => {
    expect(split(['<think>half a thou', 'ght'])).toEqual({ answer: '', reasoning: 'half a thought' });
  });

  it('a lone "<" at the start is answer once the stream shows it is not a tag', () => {
    expect(split(['<', '3 is less'])).toEqual({ answer: '<3 is less', reasoning: '' });
    expect(split(['<'])).toEqual({ answer: '<', reasoning: '' });
  });
});
