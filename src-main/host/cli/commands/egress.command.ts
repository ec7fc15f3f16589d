// `nanotray egress`: what the agent sent out (the egress ledger): today by host, or the last N days, or one host's
// connections one by one; --json for scripts.
import { formatEgressHosts, formatEgressRows } from '../../../core/tools/egress/egress-text';
import { EGRESS_KEEP_DAYS } from '../../../core/tools/egress/egress-ledger';
import { egressTarget } from '../../../core/tools/egress/egress-target';
import { parseEgressHost } from '../../../core/tools/egress/egress-host';
import { startOfLocalDay } from '../../../core/store/usage.repo';
import { resolveTimeZone, formatZoned } from '../../../core/lib/zoned-time';
import { flagString, parseArgs, write, type CliCommand } from '../cli-command';
import { openCliCore } from './cli-core';

const USAGE = `Usage: nanotray egress [--days N] [--host HOST] [--json]

  Every connection the agent made or tried: web_fetch, sandboxed commands and sandboxed MCP servers, with the
  host, port, bytes sent and received, who connected and why it was allowed or refused. Kept ${EGRESS_KEEP_DAYS} days.

  --days N     The last N days (today is 1; default 1).
  --host HOST  Only this host, with each of its connections listed.
  --json       The same as JSON.`;

/** JSON with the characters a terminal would act on (C1 controls, bidi marks) as \\u escapes: still the same JSON. */
function jsonTerminalSafe(json: string): string {
  return json.replace(/[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** How many of one host's connections are listed. */
const ROWS_SHOWN = 50;

export const egressCommand: CliCommand = {
  name: 'egress',
  summary: 'Show every connection the agent made or tried, by host (kept 30 days)',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, ['json']);
    const daysText = flagString(parsed, 'days') ?? '1';
    const days = /^\d+$/.test(daysText) ? Number(daysText) : NaN;
    if (!(days >= 1 && days <= EGRESS_KEEP_DAYS) || parsed.positionals.length > 0 || parsed.flags.get('days') === true) {
      write(io.stderr, `nanotray egress: --days takes a number from 1 to ${EGRESS_KEEP_DAYS}.\n\n${USAGE}`);
      return 2;
    }
    const hostText = flagString(parsed, 'host');
    let host: string | undefined;
    if (hostText !== undefined || parsed.flags.get('host') === true) {
      const canonical = parseEgressHost(hostText ?? '');
      if (!canonical.ok) {
        write(io.stderr, `nanotray egress: ${canonical.error.message}`);
        return 2;
      }
      host = egressTarget(new URL(`http://${canonical.value}`)).host;
    }
    const core = openCliCore(io, 'egress');
    if (!core) return 1;
    try {
      const now = core.clock.now();
      const start = new Date(startOfLocalDay(now));
      start.setDate(start.getDate() - (days - 1));
      const range = { since: start.getTime(), ...(host !== undefined ? { host } : {}) };
      const hosts = core.egress.byHost(range);
      const rows = host !== undefined ? core.egress.list(range, ROWS_SHOWN) : undefined;
      if (parsed.flags.get('json') === true) {
        const json = JSON.stringify({ since: range.since, hosts, ...(rows ? { connections: rows } : {}) }, null, 2);
        io.stdout.write(`${jsonTerminalSafe(json)}\n`);
        return 0;
      }
      const when = days === 1 ? 'today' : `the last ${days} days`;
      write(io.stdout, formatEgressHosts(`Connections ${when}${host !== undefined ? ` to ${host}` : ''}, by host`, hosts));
      if (rows && rows.length > 0) {
        const tz = resolveTimeZone(core.config().agent.timezone);
        write(io.stdout, `\nNewest first (at most ${ROWS_SHOWN}):\n${formatEgressRows(rows, (at) => formatZoned(at, tz))}`);
      }
      return 0;
    } finally {
      await core.dispose();
    }
  },
};
