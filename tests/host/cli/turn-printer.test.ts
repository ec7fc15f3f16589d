// What the CLI prints while a turn runs: answer tokens on stdout, tool activity and retries on stderr.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TurnPrinter } from '../../../src-main/host/cli/commands/turn-printer';
import { captureIo } from './cli-harness';

const io = () => captureIo({});

describe('TurnPrinter', () => {
  it('keeps the answer on stdout and tool lines on stderr, ending lines cleanly', () => {
    const t = io();
    const p = new TurnPrinter(t, 'cli:a');
    const base = { sessionKey: 'cli:a', turnId: 't' };
    p.handle({ type: 'token', ...base, text: 'Let me look.' });
    p.handle({ type: 'tool.started', ...base, callId: 'c', name: 'read_file', args: '{\n  "path": "a.md"\n}', at: 0 });
    p.handle({ type: 'tool.finished', ...base, callId: 'c', name: 'read_file', ok: true, status: 'ok', result: 'x', durationMs: 12.4 });
    p.handle({ type: 'tool.started', ...base, callId: 'd', name: 'exec', args: '{}', at: 0 });
    p.handle({ type: 'tool.finished', ...base, callId: 'd', name: 'exec', ok: false, status: 'error', errorCode: 'failed', result: 'Error: exit 1\nmore', durationMs: 3 });
    p.handle({ type: 'provider.retry', ...base, attempt: 1, waitMs: 2000, retryAt: Date.now() + 2000, message: 'The provider is rate-limiting requests (429).', errorKind: 'rate_limit' });
    p.handle({ type: 'token', ...base, text: 'Done.' });
    p.handle({ type: 'token', sessionKey: 'cli:other', turnId: 'x', text: 'not mine' });
    p.finishAnswer();
    expect(t.out()).toBe('Let me look.\nDone.\n');
    expect(t.err()).toBe(
      [
        '→ read_file { "path": "a.md" }',
        '✓ read_file (12 ms)',
        '→ exec {}',
        '✗ exec: Error: exit 1 more',
        '… The provider is rate-limiting requests (429). Retrying in 2 s (attempt 1).',
        '',
      ].join('\n'),
    );
  });

  it('says on stderr when older messages are summarised before the answer', () => {
    const t = io();
    const p = new TurnPrinter(t, 'cli:a');
    p.handle({ type: 'turn.summarising', sessionKey: 'cli:a', turnId: 't', phase: 'started', messages: 250 });
    p.handle({ type: 'turn.summarising', sessionKey: 'cli:a', turnId: 't', phase: 'finished', messages: 250 });
    p.handle({ type: 'token', sessionKey: 'cli:a', turnId: 't', text: 'Hi.' });
    p.finishAnswer();
    expect(t.out()).toBe('Hi.\n');
    expect(t.err()).toBe('… Summarising 250 older messages into memory first\n');
  });

  it('shows a running tool\'s progress on stderr only when what it says changes', () => {
    const t = io();
    const p = new TurnPrinter(t, 'cli:a');
    const base = { sessionKey: 'cli:a', turnId: 't', callId: 'c' };
    p.handle({ type: 'tool.started', ...base, name: 'mcp_ci_build', args: '{}', at: 0 });
    p.handle({ type: 'tool.progress', ...base, progress: 1, total: 10, message: 'compiling' });
    p.handle({ type: 'tool.progress', ...base, progress: 1.5, total: 10, message: 'compiling' });
    p.handle({ type: 'tool.progress', ...base, progress: 4, total: 10, message: 'linking\u001b[2J' });
    p.handle({ type: 'tool.progress', ...base, progress: 7 });
    p.handle({ type: 'tool.finished', ...base, name: 'mcp_ci_build', ok: true, status: 'ok', result: 'x', durationMs: 5 });
    expect(t.err()).toBe(
      ['→ mcp_ci_build {}', '  … mcp_ci_build 10% — compiling', '  … mcp_ci_build 40% — linking\\x1b[2J', '  … mcp_ci_build 7', '✓ mcp_ci_build (5 ms)', ''].join('\n'),
    );
  });

  it('adds no extra newline when the answer already ended with one', () => {
    const t = io();
    const p = new TurnPrinter(t, 'cli:a');
    p.handle({ type: 'token', sessionKey: 'cli:a', turnId: 't', text: 'line\n' });
    p.finishAnswer();
    expect(t.out()).toBe('line\n');
  });
});

describe('TurnPrinter: providers', () => {
  const base = { sessionKey: 'cli:a', turnId: 't' };

  it('prints notices, failovers and (off a terminal) one retry line', () => {
    const t = io();
    const p = new TurnPrinter(t, 'cli:a');
    p.handle({ type: 'provider.notice', ...base, code: 'tools_dropped', message: 'No tools for this model.' });
    p.handle({ type: 'provider.failover', ...base, from: 'fake-model', to: 'backup (big)', reason: 'Overloaded (503).' });
    p.handle({ type: 'provider.retry', ...base, attempt: 2, waitMs: 4000, retryAt: Date.now() + 4000, message: 'Overloaded.', errorKind: 'server' });
    p.handle({ type: 'token', ...base, text: 'ok' });
    p.finishAnswer();
    expect(t.out()).toBe('ok\n');
    expect(t.err()).toBe(['ℹ No tools for this model.', '↪ fake-model failed: Overloaded (503). Answering with backup (big).', '… Overloaded. Retrying in 4 s (attempt 2).', ''].join('\n'));
  });

  it('reasoning with showReasoning: one Thinking line, closed before the answer', () => {
    const t = io();
    const p = new TurnPrinter(t, 'cli:a', { showReasoning: true });
    p.handle({ type: 'reasoning', ...base, text: 'step one, ' });
    p.handle({ type: 'reasoning', ...base, text: 'step two' });
    p.handle({ type: 'token', ...base, text: 'Answer.' });
    p.finishAnswer();
    expect(t.err()).toBe('Thinking: step one, step two\n');
    expect(t.out()).toBe('Answer.\n');
  });
});

describe('TurnPrinter: the retry countdown on a terminal', () => {
  const base = { sessionKey: 'cli:a', turnId: 't' };
  afterEach(() => vi.useRealTimers());

  it('puts the reason on its own line and counts down on a short line below it, ended by the answer', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const t = captureIo({}, true);
    const p = new TurnPrinter(t, 'cli:a');
    p.handle({ type: 'provider.retry', ...base, attempt: 1, waitMs: 3000, retryAt: 1_003_000, message: 'The provider had a server error (503).', errorKind: 'server' });
    vi.advanceTimersByTime(3000);
    p.handle({ type: 'token', ...base, text: 'Back.' });
    p.finishAnswer();
    const clear = '\r\x1b[K';
    expect(t.err()).toBe(
      `… The provider had a server error (503).\n  Retrying in 3 s (attempt 1).${clear}  Retrying in 2 s (attempt 1).${clear}  Retrying in 1 s (attempt 1).${clear}  Retrying in 0 s (attempt 1).\n`,
    );
    expect(t.out()).toBe('Back.\n');
  });
});
