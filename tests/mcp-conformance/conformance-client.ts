// The client under test for @modelcontextprotocol/conformance: a real Nanotray core on a temp home with the
// scenario's server in config.json, signed in through `core.mcp.signIn` and a scripted browser, its tools
// called through the tool registry. The runner starts it as `node <bundle> <server-url>`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { coreToolContext } from '../helpers/core-tool-context';
import { oauthConfig, sampleArguments, scenarioContext } from './scenario-config';

const SERVER = 'conf';
const MAX_SIGN_INS = 3;
/** Calls come from a chat someone is looking at (a server's request for input is asked there). */
const CALL = { interactive: true, sessionKey: 'desktop:conformance' };

/** The user in the browser: opens the authorization URL and lets the redirect reach Nanotray's loopback listener. */
async function browse(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'follow' });
  await response.text();
}

function serverState(core: Core): string {
  return core.mcp.status().find((s) => s.name === SERVER)?.state ?? 'missing';
}

/** Signs in the way a user does (runtime panel or `nanotray mcp login`); false when it did not work. */
async function signIn(core: Core): Promise<boolean> {
  const started = await core.mcp.signIn(SERVER);
  if (!started.ok) {
    console.error(started.error.message);
    return false;
  }
  if (started.value.authorizationUrl) await browse(started.value.authorizationUrl);
  const done = await started.value.done;
  if (!done.ok) console.error(done.error.message);
  return done.ok;
}

async function run(core: Core): Promise<boolean> {
  let signIns = 0;
  const signInIfAsked = async (): Promise<boolean> => {
    if (serverState(core) !== 'needs_auth' || signIns >= MAX_SIGN_INS) return false;
    signIns += 1;
    return signIn(core);
  };
  await core.mcp.waitForServers(20_000);
  while (await signInIfAsked()) {
    // signed in: the server reconnected (or asks again, e.g. for more scope)
  }
  if (serverState(core) !== 'connected') {
    console.error(`server state: ${serverState(core)}: ${core.mcp.status()[0]?.error ?? ''}`);
    return false;
  }
  let ok = true;
  // The user at the window: a form is accepted as shown (its defaults filled in), a link (a server's, or a sign-in
  // with more scope the call asks for) is opened in the browser.
  core.events.on((event) => {
    if (event.type !== 'elicitation.requested') return;
    core.mcp.elicitations.respond(event.id, 'accept', {});
    if (event.link) void browse(event.link.url).catch(() => undefined);
  });
  const definitions = await listedTools(core);
  for (const name of core.tools.names().filter((n) => n.startsWith(`mcp_${SERVER}_`))) {
    // A step-up (the call needs more scope) is asked during the call as a link to open, and the call tried again.
    const result = await core.tools.execute(name, sampleArguments(definitions.get(name)), coreToolContext(core, CALL));
    if (!result.ok) {
      console.error(`${name}: ${result.error.message}`);
      ok = false;
    }
  }
  return ok;
}

/** The JSON Schema of each MCP tool, as the registry offers it to the model. */
async function listedTools(core: Core): Promise<Map<string, Record<string, unknown>>> {
  const schemas = new Map<string, Record<string, unknown>>();
  const { z } = await import('zod');
  for (const name of core.tools.names()) {
    const tool = core.tools.get(name);
    if (tool) schemas.set(name, z.toJSONSchema(tool.params) as Record<string, unknown>);
  }
  return schemas;
}

async function main(): Promise<number> {
  const serverUrl = process.argv[2];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (!serverUrl) {
    console.error('usage: conformance-client <server-url> (MCP_CONFORMANCE_SCENARIO names the scenario)');
    return 2;
  }
  const home = mkdtempSync(join(tmpdir(), 'nanotray-conformance-'));
  const oauth = scenario.startsWith('auth/') ? { oauth: oauthConfig(scenario, scenarioContext()) } : {};
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ heartbeat: { enable: false }, tools: { approval: { mode: 'auto' } }, mcpServers: { [SERVER]: { url: serverUrl, timeout: 20, ...oauth } } }),
  );
  const created = createCore({ host: 'cli', home, env: {}, startBackground: true });
  if (!created.ok) {
    console.error(created.error);
    return 1;
  }
  try {
    return (await run(created.value)) ? 0 : 1;
  } finally {
    await created.value.dispose();
    rmSync(home, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
