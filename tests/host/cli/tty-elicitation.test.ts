// The CLI's answer to an MCP server's request for input: what it shows (the server, its cleaned words, the note
// that answers go to the server, secret warnings, a link's host and full URL), field by field with re-asking,
// defaults, decline and cancel, and a link opened only on yes and only when Nanotray opens it.
import { describe, expect, it } from 'vitest';
import type { ElicitationRequest } from '../../../src-preload/contract/elicitation-schemas';
import { askElicitationOnTty, formatElicitation, parseFieldInput, FORM_NOTE } from '../../../src-main/host/cli/tty-elicitation';
import { captureIo } from './cli-harness';

const FORM: ElicitationRequest = {
  id: 'e1',
  sessionKey: 'cli:default',
  turnId: 't1',
  server: 'crm',
  message: 'Who are you?',
  mode: 'form',
  fields: [
    { kind: 'text', name: 'name', label: 'Your name', required: true, secretLike: false, minLength: 2 },
    { kind: 'choice', name: 'color', label: 'Colour', required: false, secretLike: false, options: [{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }], default: 'g' },
    { kind: 'number', name: 'age', label: 'Age', required: false, secretLike: false, integer: true, minimum: 0, maximum: 150 },
    { kind: 'boolean', name: 'news', label: 'Newsletter', required: false, secretLike: false, default: false },
  ],
  expiresAt: Date.now() + 60_000,
};

const LINK = (url: string, opens: boolean): ElicitationRequest => ({
  id: 'e2',
  sessionKey: 'cli:default',
  turnId: 't1',
  server: 'crm',
  message: 'Connect your account',
  mode: 'url',
  link: { url, host: new URL(url).host, opens },
  expiresAt: Date.now() + 60_000,
});

/** Types `lines` one by one, each when a question (a line ending in ": ") was written. */
function typing(lines: string[]) {
  const io = captureIo({});
  io.stderr.on('data', (d) => {
    if (String(d).endsWith(': ')) io.stdin.write(`${lines.shift() ?? ''}\n`);
  });
  return io;
}

const never = (url: string): void => {
  throw new Error(`opened ${url}`);
};

describe('formatElicitation', () => {
  it('names the server, shows its message and the note, and warns of a field that looks like a secret', () => {
    const text = formatElicitation({ ...FORM, fields: [{ kind: 'text', name: 'pin', label: 'PIN', required: true, secretLike: true }] });
    expect(text).toBe(`? MCP server 'crm' asks for input:\n  Who are you?\n${FORM_NOTE}\n  ⚠ 'PIN' looks like a secret: MCP servers must not ask for secrets in a form.\n`);
  });

  it('shows a link with its host and full URL, and says when it will not be opened', () => {
    expect(formatElicitation(LINK('https://auth.example.com/x?y=1', true))).toBe(
      "? MCP server 'crm' asks you to open a page:\n  Connect your account\n  Host: auth.example.com\n  Full URL: https://auth.example.com/x?y=1\n",
    );
    expect(formatElicitation(LINK('http://evil.example/x', false))).toContain('Nanotray opens only https addresses (or http on this computer): this one is declined.');
  });
});

describe('parseFieldInput', () => {
  it('reads numbers, yes/no, option labels and comma lists; an empty line is no value', () => {
    expect(parseFieldInput(FORM.fields![2]!, ' 42 ')).toBe(42);
    expect(parseFieldInput(FORM.fields![3]!, 'Yes')).toBe(true);
    expect(parseFieldInput(FORM.fields![1]!, 'red')).toBe('r');
    expect(parseFieldInput({ kind: 'multi', name: 'm', label: 'M', required: false, secretLike: false, options: [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'b' }] }, 'alpha, b')).toEqual(['a', 'b']);
    expect(parseFieldInput(FORM.fields![0]!, '  ')).toBeUndefined();
  });
});

describe('askElicitationOnTty', () => {
  it('asks field by field, re-asks what does not fit, and takes defaults for empty lines', async () => {
    const io = typing(['y', 'A', 'Ada', '', 'old', '36', '']);
    const answer = await askElicitationOnTty(FORM, io, { open: never });
    expect(answer).toEqual({ action: 'accept', content: { name: 'Ada', color: 'g', age: 36, news: false } });
    expect(io.err()).toContain('  Your name (required): ');
    expect(io.err()).toContain('  Colour (optional; one of: r = Red, g = Green; Enter for g): ');
    expect(io.err()).toContain('Too small: expected string to have >=2 characters');
  });

  it('n declines, end of input cancels', async () => {
    expect(await askElicitationOnTty(FORM, typing(['n']), { open: never })).toEqual({ action: 'decline' });
    const io = captureIo({});
    const pending = askElicitationOnTty(FORM, io, { open: never });
    io.stdin.end();
    expect(await pending).toEqual({ action: 'cancel' });
  });

  it('opens a link only on yes', async () => {
    const opened: string[] = [];
    expect(await askElicitationOnTty(LINK('https://auth.example.com/x', true), typing(['y']), { open: (u) => opened.push(u) })).toEqual({ action: 'accept' });
    expect(opened).toEqual(['https://auth.example.com/x']);
    expect(await askElicitationOnTty(LINK('https://auth.example.com/x', true), typing(['n']), { open: never })).toEqual({ action: 'decline' });
  });

  it('declines a link it does not open without asking', async () => {
    const io = captureIo({});
    expect(await askElicitationOnTty(LINK('http://evil.example/x', false), io, { open: never })).toEqual({ action: 'decline' });
    expect(io.err()).not.toContain('Open it in your browser?');
  });
});
