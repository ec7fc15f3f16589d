// The client under test for @modelcontextprotocol/conformance: a real Nanotray core on a temp home with the
// scenario's server in config.json, signed in through `core.mcp.signIn` and a scripted browser, its tools
// called through the tool registry. The runner starts it as `node <bundle> <server-url>`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { coreToolContext } from '../helpers/core-tool-context';

const SERVER = 'conf';
/** The URL-based client id the CIMD scenario expects (it is never fetched). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const MAX_SIGN_INS = 3;
/** Calls come from a chat someone is looking at (a server's request for input is asked there). */
const CALL = { interactive: true, sessionKey: 'desktop:conformance' };

type Context = Record<string, string | undefined>;

function scenarioContext(): Context {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  return raw ? (JSON.parse(raw) as Context) : {};
}

/** The `oauth` block a user would write for this scenario. */
function oauthConfig(scenario: string, ctx: Context): Record<string, unknown> {
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return { grantType: 'client_credentials', clientId: ctx.client_id, clientSecret: ctx.client_secret };
    case 'auth/client-credentials-jwt':
      return { grantType: 'client_credentials', clientId: ctx.client_id, privateKey: ctx.private_key_pem, algorithm: ctx.signing_algorithm ?? 'ES256' };
    case 'auth/pre-registration':
      return { clientId: ctx.client_id, clientSecret: ctx.client_secret };
    default:
      return { clientMetadataUrl: CLIENT_METADATA_URL };
  }
}

/** The user in the browser: opens the authorization URL and lets the redirect reach Nanotray's loopback listener. */
async function browse(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'follow' });
  await response.text();
}

/** Arguments for a tool from its JSON Schema: every required property gets a value of its type. */
function sampleArguments(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, { type?: string }>;
  const args: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    args[key] = property.type === 'number' || property.type === 'integer' ? 2 : property.type === 'boolean' ? true : 'conformance';
  }
  return args;
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
    console.error(`server state: ${serverState(core)}: ${core.mcp.status()[0]?.lastError ?? ''}`);
    return false;
  }
  let ok = true;
  // The user at the window: a form is accepted as shown (its defaults filled in), a link is opened.
  core.events.on((event) => {
    if (event.type === 'elicitation.requested') core.mcp.elicitations.respond(event.id, 'accept', {});
  });
  const definitions = await listedTools(core);
  for (const name of core.tools.names().filter((n) => n.startsWith(`mcp_${SERVER}_`))) {
    let result = await core.tools.execute(name, sampleArguments(definitions.get(name)), coreToolContext(core, CALL));
    // A step-up: the call needs more scope; the user signs in again and the call is repeated.
    while (!result.ok && (await signInIfAsked())) result = await core.tools.execute(name, sampleArguments(definitions.get(name)), coreToolContext(core, CALL));
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
