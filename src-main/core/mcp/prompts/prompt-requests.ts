// Asking a connected server for one of its prompts, filled in (the message to send, framed by prompt-messages.ts),
// and for completions of a prompt's argument. Through the connection's request: deadline, breaker, sign-in.
import { failure, type ServiceError } from '../../lib/core-error';
import { okResult, type Result } from '../../lib/result';
import type { McpConnection } from '../mcp-connection';
import { cleanServerLine } from '../server-text';
import { promptText, type PromptMessage } from './prompt-messages';

const NAME_CHARS = 120;
/** At most this many completions are offered. */
export const MAX_COMPLETIONS = 20;

/** The prompt filled in with `args`, as the user's message; `typed` is the command line the user wrote. */
export async function getPrompt(
  connection: McpConnection,
  name: string,
  args: Record<string, string>,
  typed: string,
): Promise<Result<string, ServiceError<'failed' | 'unavailable'>>> {
  const prompt = cleanServerLine(name, NAME_CHARS);
  const reply = await connection.request((client, options) => client.getPrompt({ name, arguments: args }, options), {
    what: `prompt '${prompt}'`,
    signal: new AbortController().signal,
  });
  switch (reply.kind) {
    case 'answered':
      return okResult(promptText(connection.name, prompt, typed, reply.value.messages as PromptMessage[]));
    case 'rejected':
      return failure('failed', `MCP server '${connection.name}' refused the prompt '${prompt}': ${reply.message}`);
    case 'cancelled':
      return failure('unavailable', `Getting the prompt '${prompt}' was cancelled`);
    case 'timed_out':
      return failure('unavailable', `MCP server '${connection.name}' did not give the prompt '${prompt}' in time (${reply.limit})`);
    case 'unavailable':
      return failure('unavailable', reply.message);
  }
}

/** The server's completions of argument `argument` of prompt `name` (none when it offers no completion or fails). */
export async function completePromptArgument(
  connection: McpConnection,
  name: string,
  argument: { name: string; value: string },
  context: Record<string, string>,
): Promise<string[]> {
  if (!connection.catalog.offers.completions) return [];
  const reply = await connection.request(
    (client, options) => client.complete({ ref: { type: 'ref/prompt', name }, argument, context: { arguments: context } }, options),
    { what: `completion of '${cleanServerLine(name, NAME_CHARS)}'`, signal: new AbortController().signal },
  );
  if (reply.kind !== 'answered') return [];
  return reply.value.completion.values.slice(0, MAX_COMPLETIONS).map((v) => cleanServerLine(v, 200));
}
