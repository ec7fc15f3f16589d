// Signing in to an HTTP MCP server from the terminal: print the authorization URL, open it with $BROWSER or the
// platform's opener, wait for the browser to come back. Shared by `nanotray mcp login` and `agent -m`.
import { createInterface } from 'node:readline';
import type { Core } from '../../../core/nanotray-core';
import { openFile } from '../../web/browser-launcher';
import { write, type CliIo } from '../cli-command';

/** Signs in to `name`; Ctrl+C stops waiting. True when signed in (the server then reconnected). */
export async function signInOnTerminal(core: Core, io: CliIo, name: string): Promise<boolean> {
  const started = await core.mcp.signIn(name);
  if (!started.ok) {
    write(io.stderr, `nanotray: ${started.error.message}`);
    return false;
  }
  const { authorizationUrl, done, cancel } = started.value;
  if (authorizationUrl) {
    write(io.stderr, `To sign in to MCP server '${name}', open this address in a browser:\n\n  ${authorizationUrl}\n`);
    // The authorization URL carries no secret (PKCE keeps the code useless to anyone else), so argv may see it.
    openFile(authorizationUrl, io.env);
    write(io.stderr, 'Waiting for the browser to come back… (Ctrl+C stops)');
  }
  const onSigint = (): void => cancel();
  process.once('SIGINT', onSigint);
  try {
    const result = await done;
    if (!result.ok) {
      write(io.stderr, `nanotray: ${result.error.message}`);
      return false;
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
  const status = core.mcp.status().find((s) => s.name === name);
  write(io.stderr, `Signed in to MCP server '${name}'${status ? ` (${status.state}, ${status.toolCount} tool(s))` : ''}.`);
  return true;
}

function askYesNo(io: CliIo, question: string): Promise<boolean> {
  const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: io.isTty });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      resolve(/^\s*y(es)?\s*$/i.test(answer));
    });
    rl.once('close', () => resolve(false));
  });
}

/**
 * Before a one-shot turn on a terminal: for each server that waits for a sign-in, the user is asked whether to sign
 * in now (its tools are then there for this turn). Without a terminal, the MCP notices name them.
 */
export async function offerSignIns(core: Core, io: CliIo): Promise<void> {
  if (!io.isTty) return;
  for (const server of core.mcp.status().filter((s) => s.state === 'needs_auth')) {
    if (await askYesNo(io, `MCP server '${server.name}' needs sign-in. Sign in now? [y/N] `)) await signInOnTerminal(core, io, server.name);
  }
}
