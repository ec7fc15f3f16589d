// MCP domain: the servers' status (state, tools, what is hidden and why, the tool limit, sign-in), OAuth sign-in, and
// the resources a message can carry.
import { z } from 'zod';
import { emptyInputSchema } from './common-schemas';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';

/** Why some of a server's tools are not offered to the model. */
export const mcpHiddenToolsSchema = z.object({
  /** Left out by the server's includeTools / excludeTools. */
  filtered: z.number(),
  /** Callable only as an MCP task (`execution.taskSupport: "required"`). */
  taskOnly: z.number(),
  /** Over the request's tool limit (`tools.maxTools`). */
  overLimit: z.number(),
});

export const mcpServerStatusSchema = z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http', 'sse']),
  /**
   * `failing`: recent errors, retrying; `circuit_open`: paused until `retryAt`; `idle`: not connected yet;
   * `needs_auth`: an HTTP server waits for the user to sign in (nothing is retried until then).
   */
  state: z.enum(['connected', 'connecting', 'failing', 'circuit_open', 'needs_auth', 'failed', 'disabled', 'idle']),
  /** Model-facing names of the tools registered for this server, sorted. */
  tools: z.array(z.string()),
  /** The last error (connect or call); kept until the next success. */
  error: z.string().optional(),
  toolCount: z.number(),
  trusted: z.boolean(),
  /** Failures (connect or call) since the last success. */
  consecutiveFailures: z.number(),
  /** When the circuit closes again / the next reconnect is tried (epoch ms). */
  retryAt: z.number().optional(),
  /** Tools of the server that are not offered, by reason. */
  hidden: mcpHiddenToolsSchema,
  /** Resources and resource templates the server lists. */
  resourceCount: z.number(),
  promptCount: z.number(),
  /** The server sent `instructions` (they go into the system prompt, marked as the server's text). */
  hasInstructions: z.boolean(),
  /**
   * stdio servers: `on` runs in the OS sandbox; `off` runs with the user's rights (sandbox not asked for);
   * `unavailable`: asked for, but no sandbox works here, so the server is not started (`error` says why).
   */
  sandbox: z.enum(['on', 'off', 'unavailable']).optional(),
  /** HTTP servers: the OAuth side. `machine`: client credentials (no browser). */
  auth: z
    .object({
      kind: z.enum(['user', 'machine']),
      signedIn: z.boolean(),
      /** A sign-in waits for the browser to come back. */
      signingIn: z.boolean(),
      /** The scope the server asked for and was not granted yet. */
      wantedScope: z.string().optional(),
      note: z.string().optional(),
    })
    .optional(),
});

/** Set when the offered tools pass the limit: what was cut, and the servers with the most tools. */
export const mcpToolBudgetSchema = z.object({
  limit: z.number(),
  wanted: z.number(),
  dropped: z.number(),
  largest: z.array(z.object({ server: z.string(), tools: z.number() })),
  /** One sentence saying all of it. */
  message: z.string(),
});

export const mcpStatusOutput = z.object({ servers: z.array(mcpServerStatusSchema), budget: mcpToolBudgetSchema.optional() });

export const mcpServerNameInput = z.strictObject({ name: z.string().min(1).max(LIMITS.nameChars) });
export const mcpSignInOutput = z.object({
  /** Open this in a browser to finish signing in; absent when no browser step is needed (machine clients). */
  authorizationUrl: z.string().optional(),
});
export const mcpSignOutOutput = z.object({ signedOut: z.boolean() });

/** A resource of a connected server, named for the composer's attach list (the server's words, shown as text). */
export const mcpResourceSchema = z.object({
  server: z.string(),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  mimeType: z.string().optional(),
  description: z.string().optional(),
});
export const mcpResourcesOutput = z.object({ resources: z.array(mcpResourceSchema) });

/** A resource the user attaches to a message: which server, which URI (one it listed). */
export const mcpResourceRefSchema = z.strictObject({ server: z.string().min(1).max(LIMITS.nameChars), uri: z.string().min(1).max(LIMITS.urlChars) });

export type McpResource = z.output<typeof mcpResourceSchema>;
export type McpResourceRef = z.output<typeof mcpResourceRefSchema>;

export type McpServerStatus = z.output<typeof mcpServerStatusSchema>;
export type McpToolBudget = z.output<typeof mcpToolBudgetSchema>;

/** `window.nanotray.mcp.<method>`: each method's channel with its input and output schema. */
export const mcpChannels = {
  status: invoke('mcp:status', emptyInputSchema, mcpStatusOutput),
  /** Starts an OAuth sign-in; the server's state (mcp.changed) tells when it finished. */
  signIn: invoke('mcp:sign-in', mcpServerNameInput, mcpSignInOutput),
  signOut: invoke('mcp:sign-out', mcpServerNameInput, mcpSignOutOutput),
  /** The resources connected servers list, to attach to a message. */
  resources: invoke('mcp:resources', emptyInputSchema, mcpResourcesOutput),
};
