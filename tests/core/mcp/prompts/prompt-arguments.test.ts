// A prompt's arguments from the words after its command: in order (the last takes the rest), name=value, required
// ones named when missing; and which argument is being typed.
import { describe, expect, it } from 'vitest';
import { argumentsUsage, promptArguments, typedArgument } from '../../../../src-main/core/mcp/prompts/prompt-arguments';

const ARGS = [
  { name: 'topic', required: true },
  { name: 'style', required: false },
];

describe('promptArguments', () => {
  it('fills positional arguments in order; the last takes the rest of the words', () => {
    expect(promptArguments(ARGS, ['mars', 'short'])).toEqual({ ok: true, value: { topic: 'mars', style: 'short' } });
    expect(promptArguments([{ name: 'topic', required: true }], ['the', 'history', 'of', 'mars'])).toEqual({ ok: true, value: { topic: 'the history of mars' } });
  });

  it('takes name=value for declared names only (a value may hold =)', () => {
    expect(promptArguments(ARGS, ['style=long', 'mars'])).toEqual({ ok: true, value: { style: 'long', topic: 'mars' } });
    expect(promptArguments(ARGS, ['a=b'])).toEqual({ ok: true, value: { topic: 'a=b' } });
  });

  it('names what is missing or too much', () => {
    expect(promptArguments(ARGS, [])).toEqual({ ok: false, error: { code: 'invalid', message: 'missing <topic>' } });
    expect(promptArguments([], ['x'])).toEqual({ ok: false, error: { code: 'invalid', message: 'this prompt takes no more arguments (it has: none)' } });
    expect(argumentsUsage(ARGS)).toBe('<topic> [style]');
  });
});

describe('typedArgument', () => {
  it('knows the argument under the cursor and what came before', () => {
    expect(typedArgument(ARGS, ['ma'])).toEqual({ name: 'topic', typed: 'ma', prefix: '', before: {} });
    expect(typedArgument(ARGS, ['mars', 'sh'])).toEqual({ name: 'style', typed: 'sh', prefix: '', before: {} });
    expect(typedArgument(ARGS, ['style=s'])).toEqual({ name: 'style', typed: 's', prefix: 'style=', before: {} });
    expect(typedArgument(ARGS, ['topic=mars', ''])).toEqual({ name: 'style', typed: '', prefix: '', before: { topic: 'mars' } });
    expect(typedArgument([], [''])).toBeUndefined();
  });
});
