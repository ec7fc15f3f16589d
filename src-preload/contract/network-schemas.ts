// The runtime panel's Network section: today's connections by host from the egress ledger (what the agent sent out).
import { z } from 'zod';

/**
 * Why a connection went through: `rule` (a host rule), `once` / `always` (the user's answer), `auto` (approval mode
 * auto or --yes), `open` (tools.exec.network "on"), `run` (--allow-host). Why not: `denied`, `unattended` (nobody could
 * answer), `readonly`, `nanotray` (one of Nanotray's own ports), `address` (a refused address), `invalid`.
 */
export const egressVerdictSchema = z.enum(['rule', 'once', 'always', 'auto', 'open', 'run', 'denied', 'unattended', 'readonly', 'nanotray', 'address', 'invalid']);

/** How often one source (web_fetch, a command, an MCP server) reached the host with one verdict. */
export const egressUseSchema = z.object({
  sourceKind: z.enum(['exec', 'web_fetch', 'mcp']),
  /** The command or the MCP server ('' for web_fetch). */
  sourceName: z.string(),
  verdict: egressVerdictSchema,
  connections: z.number(),
});

/** One host of the day: connections, bytes both ways, allowed and refused, who connected, the rules that allow it. */
export const egressHostSchema = z.object({
  host: z.string(),
  connections: z.number(),
  allowed: z.number(),
  refused: z.number(),
  bytesOut: z.number(),
  bytesIn: z.number(),
  lastAt: z.number(),
  lastVerdict: egressVerdictSchema,
  uses: z.array(egressUseSchema),
  /** The permanent host rules for this host (any port): revoking one is approvals.revokeRule. */
  rules: z.array(z.object({ id: z.number(), pattern: z.string() })),
});

export const runtimeNetworkOutput = z.object({
  /** Start of the day shown (local midnight, ms). */
  since: z.number(),
  hosts: z.array(egressHostSchema),
});

export type EgressHost = z.output<typeof egressHostSchema>;
export type EgressVerdictName = z.output<typeof egressVerdictSchema>;
