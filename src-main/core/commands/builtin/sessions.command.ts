// /sessions: the most recently used sessions, the current one marked with `*`.
import { listSessions } from '../../store/sessions.repo';
import type { SlashCommand } from '../slash-command';
import { formatUtcTimestamp } from '../../lib/zoned-time';

const MAX_LISTED = 20;

export const sessionsCommand: SlashCommand = {
  name: 'sessions',
  summary: 'List recent sessions',
  usage: '/sessions',
  async run({ sessionKey, services }) {
    const rows = listSessions(services.db, { limit: MAX_LISTED });
    if (!rows.length) return { output: 'No sessions yet.' };
    const width = Math.max(...rows.map((r) => r.key.length));
    const lines = rows.map((r) => {
      const mark = r.key === sessionKey ? '*' : ' ';
      const title = r.title ? `  ${r.title}` : '';
      return `${mark} ${r.key.padEnd(width)}  ${formatUtcTimestamp(r.updatedAt)}${title}`;
    });
    return { output: [`Recent sessions (${rows.length}):`, ...lines].join('\n') };
  },
};
