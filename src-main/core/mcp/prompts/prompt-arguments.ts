// The arguments of an MCP prompt typed after its slash command: positional in the order the server declared them
// (the last one takes the rest of the line), or `name=value`; and which argument is being typed, for completion.
import { failure, type ServiceError } from '../../lib/core-error';
import { okResult, type Result } from '../../lib/result';
import type { McpPromptArgument } from '../server-catalog';

/** `name=value` only for a declared name (so a value may hold `=`). */
function named(word: string, declared: readonly McpPromptArgument[]): { name: string; value: string } | undefined {
  const eq = word.indexOf('=');
  if (eq <= 0) return undefined;
  const name = word.slice(0, eq);
  return declared.some((a) => a.name === name) ? { name, value: word.slice(eq + 1) } : undefined;
}

/** `<topic> [style]`: how the usage line shows the arguments. */
export function argumentsUsage(declared: readonly McpPromptArgument[]): string {
  return declared.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
}

/** The values of the words typed after the command; a required argument left out is an error naming it. */
export function promptArguments(declared: readonly McpPromptArgument[], words: readonly string[]): Result<Record<string, string>, ServiceError<'invalid'>> {
  const values: Record<string, string> = {};
  const positional: string[] = [];
  for (const word of words) {
    const pair = named(word, declared);
    if (pair) values[pair.name] = pair.value;
    else positional.push(word);
  }
  const open = declared.filter((a) => values[a.name] === undefined);
  if (positional.length && !open.length) return failure('invalid', `this prompt takes no more arguments (it has: ${argumentsUsage(declared) || 'none'})`);
  open.forEach((argument, i) => {
    if (i >= positional.length) return;
    // The last open argument takes the rest of the words: `/notes:summarise the history of mars`.
    values[argument.name] = i === open.length - 1 ? positional.slice(i).join(' ') : positional[i]!;
  });
  const missing = declared.filter((a) => a.required && !values[a.name]);
  if (missing.length) return failure('invalid', `missing ${missing.map((a) => `<${a.name}>`).join(', ')}`);
  return okResult(values);
}

/** The argument the last word fills, what is typed of it, and the values before it (the server's completion context). */
export interface TypedArgument {
  name: string;
  typed: string;
  /** `name=` when the user wrote the name; suggestions keep it. */
  prefix: string;
  before: Record<string, string>;
}

export function typedArgument(declared: readonly McpPromptArgument[], words: readonly string[]): TypedArgument | undefined {
  const last = words[words.length - 1] ?? '';
  const earlier = words.slice(0, -1);
  const before: Record<string, string> = {};
  let positional = 0;
  for (const word of earlier) {
    const pair = named(word, declared);
    if (pair) before[pair.name] = pair.value;
    else positional += 1;
  }
  const pair = named(last, declared);
  if (pair) return { name: pair.name, typed: pair.value, prefix: `${pair.name}=`, before };
  const open = declared.filter((a) => before[a.name] === undefined);
  const argument = open[Math.min(positional, open.length - 1)];
  return argument ? { name: argument.name, typed: last, prefix: '', before } : undefined;
}
