// What both conformance clients (core-level and CLI-level) configure for a scenario: the `oauth` block a user would
// write, and arguments for a tool from its JSON Schema.

/** The URL-based client id the CIMD scenario expects (it is never fetched). */
export const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

export type ScenarioContext = Record<string, string | undefined>;

/** The scenario's context the runner passes (client ids, secrets, keys). */
export function scenarioContext(): ScenarioContext {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  return raw ? (JSON.parse(raw) as ScenarioContext) : {};
}

/** The `oauth` block a user would write for this scenario. */
export function oauthConfig(scenario: string, ctx: ScenarioContext): Record<string, unknown> {
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

/** Arguments for a tool from its JSON Schema: every property gets a value of its type. */
export function sampleArguments(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, { type?: string }>;
  const args: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    args[key] = property.type === 'number' || property.type === 'integer' ? 2 : property.type === 'boolean' ? true : 'conformance';
  }
  return args;
}
