// One call of an MCP tool through its server's connection: a progressToken (progress reaches the tool card), the
// call registered as running (so the server's requests for input reach its session), the result marked untrusted,
// and Nanotray's own notes (a request for input it declined) in front.
import { fail, type ToolContext, type ToolResult } from '../tools/tool';
import { markUntrusted } from '../tools/untrusted';
import type { McpConnection } from './mcp-connection';
import { signInDuringCall } from './oauth/call-sign-in';
import { toToolResult, type McpCallResult } from './mcp-result';
import { progressRelay } from './progress-relay';

/** `result` with Nanotray's notes as its first lines (before the untrusted marker: they are not the server's words). */
export function withNotes(result: ToolResult, notes: readonly string[]): ToolResult {
  if (!notes.length) return result;
  const head = notes.join('\n');
  if (result.ok) return { ...result, output: `${head}\n${result.output}` };
  const rest = result.error.message.startsWith('Error:') ? result.error.message.slice('Error:'.length).trimStart() : result.error.message;
  return { ok: false, error: { code: result.error.code, message: `Error: ${head}\n${rest}` } };
}

/**
 * Calls `tool` of the connection's server; every failure comes back as an `Error: …` value. A call the server
 * refuses for want of a sign-in (or of more scope) leads to a sign-in asked of the user, then one more try.
 */
export async function callTool(connection: McpConnection, tool: string, args: Record<string, unknown>, ctx: ToolContext, retry = true): Promise<ToolResult> {
  const server = connection.name;
  const source = `MCP server '${server}' (tool ${tool})`;
  let notes: readonly string[] = [];
  const reply = await connection.request(
    (client, options) => client.callTool({ name: tool, arguments: args }, undefined, options) as Promise<McpCallResult>,
    {
      what: `tool '${tool}'`,
      signal: ctx.signal,
      onProgress: progressRelay(ctx, connection.clock),
      onStart: (pause) => {
        const running = connection.calls.add(ctx, pause);
        notes = running.call.notes;
        return running.done;
      },
    },
  );
  switch (reply.kind) {
    case 'answered':
      // What a server returns (mail, pages, tickets) was written by someone else: marked untrusted, trusted server or not.
      return withNotes(markUntrusted(toToolResult(reply.value, ctx.vision), source), notes);
    case 'rejected':
      return withNotes(markUntrusted(fail('failed', `Error: MCP server '${server}' rejected the call to '${tool}': ${reply.message}`), source), notes);
    case 'cancelled':
      return fail('cancelled', `Error: the call to MCP tool '${tool}' was cancelled`);
    case 'timed_out':
      return withNotes(fail('timeout', `Error: MCP tool '${tool}' on server '${server}' timed out: ${reply.limit}`), notes);
    case 'unavailable': {
      if (!reply.signIn || !retry) return fail('unavailable', `Error: ${reply.message}`);
      const signedIn = await signInDuringCall(connection, tool, ctx);
      if (!signedIn.ok) return fail(signedIn.error.code === 'refused' ? 'denied' : 'unavailable', `Error: ${signedIn.error.message}`);
      return callTool(connection, tool, args, ctx, false);
    }
  }
}
