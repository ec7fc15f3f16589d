// Small formatters for times, durations, token counts and session keys shown in the UI.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "yesterday", else a short date. */
export function relativeTime(at: number, now: number = Date.now()): string {
  const diff = now - at;
  if (diff < 0) return inFuture(-diff);
  if (diff < 45_000) return 'just now';
  if (diff < HOUR) return `${Math.round(diff / MINUTE)} min ago`;
  if (diff < DAY) return `${Math.round(diff / HOUR)} h ago`;
  if (diff < 2 * DAY) return 'yesterday';
  return shortDate(at);
}

function inFuture(diff: number): string {
  if (diff < 45_000) return 'in a moment';
  if (diff < HOUR) return `in ${Math.round(diff / MINUTE)} min`;
  if (diff < DAY) return `in ${Math.round(diff / HOUR)} h`;
  return `in ${Math.round(diff / DAY)} d`;
}

export function shortDate(at: number): string {
  return new Date(at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export function dateTime(at: number): string {
  return new Date(at).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** 850 ms, 1.2 s, 2 min 5 s. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < MINUTE) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const m = Math.floor(ms / MINUTE);
  const s = Math.round((ms % MINUTE) / 1000);
  return s ? `${m} min ${s} s` : `${m} min`;
}

/** 950, 12.3k, 1.2M. */
export function compactNumber(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** `desktop:abc` → `desktop`. */
export function channelOf(sessionKey: string): string {
  const i = sessionKey.indexOf(':');
  return i > 0 ? sessionKey.slice(0, i) : sessionKey;
}

/** A file name that is safe on every OS, from a session title. */
export function exportFileName(title: string): string {
  const base = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-').slice(0, 60);
  return `${base || 'chat'}.md`;
}

/** "Today", "Yesterday", "This week", else month and year: the sidebar's date headings. */
export function dayGroup(at: number, now: number = Date.now()): string {
  const startOfDay = (t: number) => {
    const d = new Date(t);
    d.setHours(0, 0, 0, 0);
    return d.getTime();
  };
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return 'This week';
  return new Date(at).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
}
