// `nanotray agent --show-reasoning`: the model's reasoning goes to stderr only when asked; stdout is the answer alone.
import { describe, expect, it } from 'vitest';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

describe('nanotray agent and reasoning', () => {
  it('hides the reasoning by default and says once that the model is thinking', async () => {
    t.open();
    t.llm.setQuirks({ reasoningAs: 'think_tags' });
    t.llm.enqueue({ reasoning: ['Two plus ', 'two.'], text: '4' });
    const result = await t.run(['agent', '-m', '2+2?']);
    expect(result.out).toBe('4\n');
    expect(result.err).toBe('… thinking (nanotray agent --show-reasoning shows it)\n');
    expect(result.code).toBe(0);
  });

  it('--show-reasoning prints it to stderr as it streams, before the answer', async () => {
    t.open();
    t.llm.setQuirks({ reasoningAs: 'reasoning_content' });
    t.llm.enqueue({ reasoning: ['Two plus ', 'two.'], text: '4' });
    const result = await t.run(['agent', '-m', '2+2?', '--show-reasoning']);
    expect(result.out).toBe('4\n');
    expect(result.err).toBe('Thinking: Two plus two.\n');
  });
});
