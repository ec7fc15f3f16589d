// A plain ContextBuilder: identity + the workspace's bootstrap files, then the history that fits the window.
// The richer builder (memory, skills) replaces it through the same port.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatMessage } from './chat-message';
import type { ContextBuilder, ContextInput } from './context';

export const BOOTSTRAP_FILES = ['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md'] as const;

const IDENTITY = [
  '# Nanotray',
  'You are Nanotray, a personal AI assistant that lives in the user\'s desktop tray.',
  'You can call tools to read and change files in your workspace, run commands and look things up.',
  'Be concise and accurate; say so when you are unsure. Tool errors come back as text starting with "Error": read them and try another way.',
].join('\n');

function readIfPresent(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text || undefined;
  } catch {
    return undefined;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl formatter costs ~0.4 ms; keep one per zone. Throws for an unknown zone. */
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hour12: false,
    });
    formatters.set(zone, f);
  }
  return f;
}

/** "2026-11-29 19:40 (Sunday), time zone Europe/Berlin" in the configured (or system) zone. */
export function formatNow(now: number, timeZone?: string): string {
  const zone = timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(zone).formatToParts(new Date(now));
  } catch {
    return formatNow(now, 'UTC');
  }
  const get = (t: string): string => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${get('weekday')}), time zone ${zone}`;
}

/** Rough token count (4 characters per token) used to keep the history inside the context window. */
export function estimateTokens(message: ChatMessage): number {
  const content = message.content;
  let chars = 0;
  if (typeof content === 'string') chars = content.length;
  else if (Array.isArray(content)) for (const part of content) chars += part.type === 'text' ? part.text.length : 4000;
  if (message.role === 'assistant') for (const c of message.toolCalls ?? []) chars += c.name.length + c.arguments.length;
  return Math.ceil(chars / 4) + 4;
}

/** The newest messages that fit `budget` tokens, starting at a user message so no tool result is orphaned. */
export function fitHistory(history: ChatMessage[], budget: number): ChatMessage[] {
  let used = 0;
  let start = history.length;
  for (let i = history.length - 1; i >= 0; i--) {
    used += estimateTokens(history[i]!);
    if (used > budget) break;
    start = i;
  }
  while (start < history.length && history[start]!.role !== 'user') start++;
  // Never drop the newest user message, even when it alone exceeds the budget.
  if (start >= history.length) {
    for (let i = history.length - 1; i >= 0; i--) if (history[i]!.role === 'user') return history.slice(i);
  }
  return history.slice(start);
}

export class SimpleContextBuilder implements ContextBuilder {
  /** The system prompt: identity, bootstrap files, then the current date and time last (keeps the prefix cacheable). */
  systemPrompt(input: ContextInput): string {
    const sections = [IDENTITY, `Your workspace is ${input.workspace}.`];
    for (const name of BOOTSTRAP_FILES) {
      const text = readIfPresent(join(input.workspace, name));
      if (text) sections.push(`## ${name}\n\n${text}`);
    }
    sections.push(`Current date and time: ${formatNow(input.now, input.config.agent.timezone)}`);
    return sections.join('\n\n');
  }

  async build(input: ContextInput): Promise<ChatMessage[]> {
    const system = this.systemPrompt(input);
    const toolTokens = Math.ceil(JSON.stringify(input.toolSpecs).length / 4);
    const budget = Math.max(1000, input.model.contextWindowTokens - input.model.maxTokens - Math.ceil(system.length / 4) - toolTokens);
    return [{ role: 'system', content: system }, ...fitHistory(input.history, budget)];
  }
}
