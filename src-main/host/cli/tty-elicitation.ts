// Answers an MCP server's request for input on the terminal: says which server asks and that the answer goes to it
// only, warns of fields that look like secrets, asks field by field (re-asked until the value fits), or shows a
// link's full host and URL and opens it (https or loopback only) when the user says yes.
import type { Interface } from 'node:readline';
import {
  elicitationAnswerSchema,
  type ElicitationContent,
  type ElicitationField,
  type ElicitationRequest,
  type ElicitationValue,
} from '../../../src-preload/contract/elicitation-schemas';
import type { CliIo } from './cli-command';
import { terminalSafe } from './terminal-text';
import { expiringSignal, openQuestions, type AskLine } from './tty-question';

/** The user's answer: what goes to the server (`accept` of a link: open it first). */
export type TtyElicitationAnswer = { action: 'accept'; content?: ElicitationContent } | { action: 'decline' } | { action: 'cancel' };

export interface TtyElicitationOptions {
  rl?: Interface;
  /** Stops asking (→ cancel): the turn ended, or it was answered elsewhere. */
  signal?: AbortSignal;
  now?: () => number;
  /** Opens an accepted link (the CLI: $BROWSER or the system's opener). */
  open(url: string): void;
}

const MAX_TRIES = 3;
export const FORM_NOTE = '  What you type goes to this server only, not to the model. Never type a password, key or card number into a form.';

/** The lines before the questions: who asks, its message, the note, and a warning per secret-looking field. */
export function formatElicitation(request: ElicitationRequest): string {
  const lines = [`? MCP server '${request.server}' ${request.mode === 'url' ? 'asks you to open a page' : 'asks for input'}:`];
  lines.push(...request.message.split('\n').map((l) => `  ${l}`));
  if (request.link) {
    lines.push(`  Host: ${request.link.host}`);
    if (request.link.unicodeHost) lines.push(`  (an internationalised name that reads as ${request.link.unicodeHost}: make sure it is not a lookalike)`);
    lines.push(`  Full URL: ${request.link.url}`);
    if (!request.link.opens) lines.push('  Nanotray opens only https addresses (or http on this computer): this one is declined.');
  } else {
    lines.push(FORM_NOTE);
    for (const field of request.fields ?? []) {
      if (field.secretLike) lines.push(`  ⚠ '${field.label}' looks like a secret: MCP servers must not ask for secrets in a form.`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function hint(field: ElicitationField): string {
  const parts: string[] = [field.required ? 'required' : 'optional'];
  switch (field.kind) {
    case 'text':
      if (field.format) parts.push(field.format);
      break;
    case 'number':
      parts.push(`${field.integer ? 'a whole number' : 'a number'}${field.minimum !== undefined ? ` ≥ ${field.minimum}` : ''}${field.maximum !== undefined ? ` ≤ ${field.maximum}` : ''}`);
      break;
    case 'boolean':
      parts.push('y/n');
      break;
    case 'choice':
      parts.push(`one of: ${field.options.map((o) => (o.label === o.value ? o.value : `${o.value} = ${o.label}`)).join(', ')}`);
      break;
    case 'multi':
      parts.push(`any of (comma-separated): ${field.options.map((o) => (o.label === o.value ? o.value : `${o.value} = ${o.label}`)).join(', ')}`);
      break;
  }
  if (field.default !== undefined) parts.push(`Enter for ${Array.isArray(field.default) ? field.default.join(',') : String(field.default)}`);
  return parts.join('; ');
}

/** A typed line as the field's value: undefined for an empty line (the default or nothing), or what it reads as. */
export function parseFieldInput(field: ElicitationField, line: string): ElicitationValue | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  switch (field.kind) {
    case 'number':
      return Number(text);
    case 'boolean':
      return /^(y|yes|true)$/i.test(text) ? true : /^(n|no|false)$/i.test(text) ? false : text;
    case 'choice': {
      const byLabel = field.options.find((o) => o.label.toLowerCase() === text.toLowerCase());
      return byLabel ? byLabel.value : text;
    }
    case 'multi':
      return text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => field.options.find((o) => o.label.toLowerCase() === part.toLowerCase())?.value ?? part);
    case 'text':
      return line;
  }
}

/** Asks one field until its value fits (or MAX_TRIES); null: stopped. */
async function askField(ask: AskLine, field: ElicitationField, io: CliIo, signal: AbortSignal): Promise<{ value: ElicitationValue | undefined } | null> {
  const check = elicitationAnswerSchema([field]);
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const line = await ask(terminalSafe(`  ${field.label} (${hint(field)}): `), signal);
    if (line === null) return null;
    const value = parseFieldInput(field, line) ?? field.default;
    const checked = check.safeParse(value === undefined ? {} : { [field.name]: value });
    if (checked.success) return { value };
    io.stderr.write(terminalSafe(`  ${checked.error.issues.map((i) => i.message).join('; ')}\n`));
  }
  return null;
}

async function askForm(ask: AskLine, request: ElicitationRequest, io: CliIo, signal: AbortSignal): Promise<TtyElicitationAnswer> {
  const start = await ask('  Answer? [y]es, fill in the form / [n]o, decline / [c]ancel: ', signal);
  const choice = start?.trim().toLowerCase();
  if (choice === 'n' || choice === 'no') return { action: 'decline' };
  if (choice !== 'y' && choice !== 'yes') return { action: 'cancel' };
  const content: ElicitationContent = {};
  for (const field of request.fields ?? []) {
    const answered = await askField(ask, field, io, signal);
    if (!answered) return { action: 'cancel' };
    if (answered.value !== undefined) content[field.name] = answered.value;
  }
  return { action: 'accept', content };
}

/**
 * Prints the request and asks. End of input, repeated answers that do not fit, an abort or the request's expiry
 * all cancel; a link that Nanotray does not open is declined without a question.
 */
export async function askElicitationOnTty(request: ElicitationRequest, io: CliIo, options: TtyElicitationOptions): Promise<TtyElicitationAnswer> {
  // The message and labels are the server's words: shown escaped, so no escape sequence can hide or rewrite them.
  io.stderr.write(`\n${terminalSafe(formatElicitation(request))}`);
  if (request.link && !request.link.opens) return { action: 'decline' };
  const questions = openQuestions(io, options.rl);
  const wait = expiringSignal(request.expiresAt, options.now ?? Date.now, options.signal);
  try {
    if (request.link) {
      const answer = (await questions.ask('  Open it in your browser? [y]es / [n]o: ', wait.signal))?.trim().toLowerCase();
      if (answer === 'y' || answer === 'yes') {
        options.open(request.link.url);
        return { action: 'accept' };
      }
      return answer === null || answer === undefined ? { action: 'cancel' } : { action: 'decline' };
    }
    const answer = await askForm(questions.ask, request, io, wait.signal);
    if (answer.action === 'cancel') io.stderr.write(wait.expired.aborted ? '\n(no answer in time: cancelled)\n' : '\n(cancelled)\n');
    return answer;
  } finally {
    wait.clear();
    questions.close();
  }
}
