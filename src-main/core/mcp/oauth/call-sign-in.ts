// A sign-in in the middle of a tool call: the server refused the call (a 401, or a 403 `insufficient_scope` asking
// for more scope). Someone who can answer is asked through the window or the terminal (a link to open); the call is
// retried once after the sign-in. Nobody there (heartbeat, cron, a CLI without a terminal): a clear refusal.
import { egressHost } from '../../tools/egress/egress-host';
import type { ToolContext } from '../../tools/tool';
import { failure, type ServiceError } from '../../lib/core-error';
import { okResult, type Result } from '../../lib/result';
import { browserSafe } from '../browser-safe';
import type { McpConnection } from '../mcp-connection';
import { signInConnection } from './connection-sign-in';

/** `unavailable`: nobody can answer in this run; `refused`: the user did not sign in; `failed`: the sign-in failed. */
export type CallSignInError = ServiceError<'unavailable' | 'refused' | 'failed'>;

function wanted(connection: McpConnection): string {
  const scope = connection.auth?.status().wantedScope ?? connection.auth?.http.lastChallenge()?.scope;
  return scope ? ` (it asks for ${scope})` : '';
}

function manualHint(name: string): string {
  return `ask the user to sign in (Sign in in the runtime panel, or \`nanotray mcp login ${name}\`), then try again`;
}

/** Signs `connection` in again for the call `tool`, asking the user; ok once signed in and reconnected. */
export async function signInDuringCall(connection: McpConnection, tool: string, ctx: ToolContext): Promise<Result<void, CallSignInError>> {
  const name = connection.name;
  const reason = `MCP server '${name}' needs a new sign-in to run '${tool}'${wanted(connection)}`;
  if (!ctx.interactive) return failure('unavailable', `${reason}; nobody can sign in during this run: ${manualHint(name)}`);
  const started = await signInConnection(connection);
  if (!started.ok) return failure('failed', started.error.message);
  const { authorizationUrl, done, cancel } = started.value;
  if (authorizationUrl) {
    const url = new URL(authorizationUrl);
    const answer = await connection.elicitations.ask(
      {
        server: name,
        message: `${reason}. Sign in in the browser to allow it; the call is tried again afterwards.`,
        mode: 'url',
        link: { url: url.href, host: egressHost(url), opens: browserSafe(url) },
        sessionKey: ctx.sessionKey,
        turnId: ctx.turnId,
        callId: ctx.callId,
      },
      ctx.signal,
    );
    if (answer.action !== 'accept') {
      cancel();
      return failure('refused', `${reason}; the user did not sign in`);
    }
  }
  const stop = (): void => cancel();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    const result = await done;
    return result.ok ? okResult(undefined) : failure('failed', result.error.message);
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}
