// The egress ledger as text, for `nanotray egress`: each host with its connections, bytes, verdicts and who connected.
import type { EgressHostSummary, EgressLogRow, EgressUse } from '../../store/egress-log.repo';

/** `512 B`, `1.5 KB`, `3.2 MB` (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A command is shown up to this many characters. */
const COMMAND_CHARS = 60;

/** `web_fetch`, `exec: curl …` or `mcp: github`. */
export function sourceLabel(kind: EgressUse['sourceKind'], name: string): string {
  if (kind === 'web_fetch') return 'web_fetch';
  const shown = name.length > COMMAND_CHARS ? `${name.slice(0, COMMAND_CHARS)}…` : name;
  return `${kind}: ${shown}`;
}

function hostLines(h: EgressHostSummary): string[] {
  const head =
    `${h.host}  ${h.connections} connection${h.connections === 1 ? '' : 's'}, ${formatBytes(h.bytesOut)} out, ${formatBytes(h.bytesIn)} in, ` +
    `${h.allowed} allowed, ${h.refused} refused (last: ${h.lastVerdict})`;
  const uses = h.uses.map((u) => `    ${sourceLabel(u.sourceKind, u.sourceName)}  ${u.connections}× ${u.verdict}`);
  return [head, ...uses];
}

/** The hosts of a range, busiest first, under a title; a plain sentence when there were none. */
export function formatEgressHosts(title: string, hosts: readonly EgressHostSummary[]): string {
  if (hosts.length === 0) return `${title}: no connections.`;
  return [`${title}:`, ...hosts.flatMap((h) => hostLines(h).map((line) => `  ${line}`))].join('\n');
}

/** Single connections, newest first: time, host:port, verdict, bytes, who. */
export function formatEgressRows(rows: readonly EgressLogRow[], time: (at: number) => string): string {
  return rows
    .map((r) => `  ${time(r.at)}  ${r.host}:${r.port}  ${r.verdict}  ${formatBytes(r.bytesOut)} out, ${formatBytes(r.bytesIn)} in  ${sourceLabel(r.sourceKind, r.sourceName)}`)
    .join('\n');
}
