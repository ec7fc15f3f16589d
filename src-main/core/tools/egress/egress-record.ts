// One connection the agent tried to make to the outside, as the egress ledger keeps and shows it.
import type { EgressVerdictName } from '../../../../src-preload/contract/network-schemas';

/** Who made the connection: a sandboxed command, web_fetch, or a sandboxed MCP server. */
export type EgressSource =
  | { kind: 'exec'; command: string }
  | { kind: 'web_fetch' }
  | { kind: 'mcp'; server: string };

/**
 * Why the connection went through, or why not. Allowed: `rule` (a host rule), `once` / `always` (the user's answer
 * just now), `auto` (approval mode auto), `open` (tools.exec.network "on"), `run` (`--allow-host` for this run).
 * Refused: `denied` (the user said no, or the question expired), `unattended` (nobody could answer), `readonly`
 * (mode readonly and no rule), `nanotray` (one of Nanotray's own ports), `address` (the name resolved to an address
 * the host does not allow), `invalid` (not a request the proxy understands).
 */
export type EgressVerdict = EgressVerdictName;

export interface EgressRecord {
  /** Epoch milliseconds when the connection was asked for. */
  at: number;
  /** The session whose turn made it ('' for a server outside any turn). */
  sessionKey: string;
  /** Canonical host (see egress-host.ts), without the port. */
  host: string;
  port: number;
  bytesOut: number;
  bytesIn: number;
  source: EgressSource;
  verdict: EgressVerdict;
}

/** Where connections are recorded (the SQLite ledger; tests pass a list). Never throws. */
export interface EgressLedger {
  record(entry: EgressRecord): void;
}

/** Whether a verdict let the connection through. */
export function egressAllowed(verdict: EgressVerdict): boolean {
  return verdict === 'rule' || verdict === 'once' || verdict === 'always' || verdict === 'auto' || verdict === 'open' || verdict === 'run';
}
