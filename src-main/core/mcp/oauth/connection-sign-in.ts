// Signing a connection's HTTP server in and out: the sign-in's end reconnects the server at once (tokens stored) or
// shows why it failed; a sign-out forgets the tokens and reconnects (a server that needs them then says so).
import type { Result } from '../../lib/result';
import type { McpConnection } from '../mcp-connection';
import { notAnHttpServer } from './server-auth';
import type { SignInError, SignInStart } from './sign-in';

/** Starts a sign-in; `done` settles once the browser came back and the server reconnected. Stdio servers have none. */
export async function signInConnection(connection: McpConnection): Promise<Result<SignInStart, SignInError>> {
  const auth = connection.auth;
  if (!auth) return notAnHttpServer(connection.name);
  const started = await auth.signIn();
  if (!started.ok) return started;
  const done = started.value.done.then(async (result) => {
    if (connection.stopped) return result;
    if (result.ok) await connection.reconnectNow();
    else connection.noteError(result.error.message);
    return result;
  });
  connection.noteChange(); // signingIn shows until `done`
  return { ok: true, value: { ...started.value, done } };
}

/** Forgets the server's tokens and registration and reconnects a started server. */
export async function signOutConnection(connection: McpConnection): Promise<Result<void, SignInError>> {
  const auth = connection.auth;
  if (!auth) return notAnHttpServer(connection.name);
  auth.signOut();
  if (connection.started) await connection.reconnectNow();
  return { ok: true, value: undefined };
}
