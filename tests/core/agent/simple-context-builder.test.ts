// The simple context builder: identity, bootstrap files, history that fits, the date last.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fitHistory, formatNow, SimpleContextBuilder } from '../../../src-main/core/agent/simple-context-builder';
import { defaultConfig } from '../../../src-main/core/config/config-schema';
import { effectiveModel } from '../../../src-main/core/agent/model-presets';
import type { ChatMessage } from '../../../src-main/core/agent/chat-message';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SimpleContextBuilder', () => {
  it('puts identity, the bootstrap files present and the date/time (last) into the system prompt', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ctx-'));
    writeFileSync(join(dir, 'AGENTS.md'), 'Be brief.');
    writeFileSync(join(dir, 'USER.md'), 'The user is Ada.\n');
    const config = defaultConfig();
    config.agent.timezone = 'UTC';
    const now = Date.UTC(2026, 10, 29, 19, 5);
    const history: ChatMessage[] = [{ role: 'user', content: 'hi' }];
    const messages = await new SimpleContextBuilder().build({
      sessionKey: 'cli:a', channel: 'cli', chatId: 'a', history, model: effectiveModel(config), config, workspace: dir, toolSpecs: [], now,
    });
    expect(messages).toHaveLength(2);
    const system = messages[0]!.content as string;
    expect(system.startsWith('# Nanotray\nYou are Nanotray')).toBe(true);
    expect(system).toContain('## AGENTS.md\n\nBe brief.');
    expect(system).toContain('## USER.md\n\nThe user is Ada.');
    expect(system).not.toContain('SOUL.md');
    expect(system.endsWith('Current date and time: 2026-11-29 19:05 (Sunday), time zone UTC')).toBe(true);
    expect(messages[1]).toEqual({ role: 'user', content: 'hi' });
  });

  it('formats the time in the configured zone', () => {
    dir = mkdtempSync(join(tmpdir(), 'ctx-'));
    expect(formatNow(Date.UTC(2026, 0, 1, 23, 30), 'Europe/Berlin')).toBe('2026-01-02 00:30 (Friday), time zone Europe/Berlin');
  });

  it('keeps the newest messages that fit, starting at a user message', () => {
    dir = mkdtempSync(join(tmpdir(), 'ctx-'));
    const big = 'x'.repeat(400); // ~100 tokens each
    const history: ChatMessage[] = [
      { role: 'user', content: big },
      { role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 'echo', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'c', name: 'echo', content: big },
      { role: 'user', content: big },
      { role: 'assistant', content: big },
      { role: 'user', content: 'last' },
    ];
    expect(fitHistory(history, 10_000)).toEqual(history);
    expect(fitHistory(history, 250)).toEqual(history.slice(3));
    expect(fitHistory(history, 1)).toEqual([{ role: 'user', content: 'last' }]);
  });
});
