// The HEARTBEAT_OK contract: what stays silent, what notifies, and that the token is always removed.
import { describe, expect, it } from 'vitest';
import {
  classifyHeartbeatReply,
  stripHeartbeatToken,
} from '../../../src-main/core/scheduler/heartbeat-reply';

describe('classifyHeartbeatReply', () => {
  for (const reply of ['HEARTBEAT_OK', 'heartbeat_ok', '**HEARTBEAT_OK**', 'HEARTBEAT_OK.', '`HEARTBEAT_OK`', '_heartbeat_ok_']) {
    it(`${JSON.stringify(reply)} is silent`, () => {
      expect(classifyHeartbeatReply(reply)).toEqual({ kind: 'silent' });
    });
  }

  it('a short note with the token is silent (≤ 300 chars left)', () => {
    expect(classifyHeartbeatReply(`Checked the plants, all fine. ${'x'.repeat(250)} HEARTBEAT_OK`).kind).toBe('silent');
  });

  it('301 characters left with the token → notify', () => {
    const text = 'y'.repeat(301);
    expect(classifyHeartbeatReply(`${text}\nHEARTBEAT_OK`)).toEqual({ kind: 'notify', text });
  });

  it('a long report that mentions the token notifies with the token removed', () => {
    const report = `Rain expected at 15:00, bring the plants in.\n${'Details. '.repeat(50)}\n\n**HEARTBEAT_OK**`;
    const result = classifyHeartbeatReply(report);
    expect(result.kind).toBe('notify');
    if (result.kind !== 'notify') return;
    expect(result.text).not.toMatch(/heartbeat_ok/i);
    expect(result.text.startsWith('Rain expected at 15:00, bring the plants in.')).toBe(true);
    expect(result.text.endsWith('Details.')).toBe(true);
  });

  it('a reply without the token notifies even when short', () => {
    expect(classifyHeartbeatReply('Your build failed.')).toEqual({ kind: 'notify', text: 'Your build failed.' });
  });

  it('an empty reply is empty', () => {
    expect(classifyHeartbeatReply('  ')).toEqual({ kind: 'empty' });
  });
});

describe('stripHeartbeatToken', () => {
  it('removes the token in the middle of a sentence', () => {
    expect(stripHeartbeatToken('All good (heartbeat_ok) here')).toBe('All good () here');
    expect(stripHeartbeatToken('Done HEARTBEAT_OK now')).toBe('Done now');
  });
  it('drops lines that held only the token and punctuation', () => {
    expect(stripHeartbeatToken('Report line\n\n- **HEARTBEAT_OK**!\nEnd')).toBe('Report line\n\nEnd');
  });
  it('leaves words that merely contain the letters alone', () => {
    expect(stripHeartbeatToken('XHEARTBEAT_OKX')).toBe('XHEARTBEAT_OKX');
  });
});
