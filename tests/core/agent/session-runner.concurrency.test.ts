// The session runner is the front door for every channel: 50 sessions at once against the scripted server,
// one turn at a time per session, sessions in parallel, no message dropped.
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { TurnResult } from '../../../src-main/core/agent/session-runner';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { useScriptedCore } from '../../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto' });

/** The user's text of the newest message, without the runtime note the context builder appends. */
function lastUserText(body: any): string {
  const m = [...body.messages].reverse().find((x: any) => x.role === 'user');
  return String(m.content).split('\n\n[Runtime context:')[0]!;
}

describe('SessionRunner under load', () => {
  it('drops no message with 50 sessions sending at once (scripted server, real core)', async () => {
    const c = t.open({});
    t.llm.setFallback((r) => ({ text: `reply to ${lastUserText(r.body)}`, delayMs: 10 }));

    const activeTurns = new Map<string, number>();
    let active = 0;
    let maxActive = 0;
    let overlapInSession = false;
    c.events.on((e: CoreEvent) => {
      if (e.type === 'turn.started') {
        if (activeTurns.get(e.sessionKey)) overlapInSession = true;
        activeTurns.set(e.sessionKey, 1);
        maxActive = Math.max(maxActive, ++active);
      } else if (e.type === 'turn.finished') {
        activeTurns.set(e.sessionKey, 0);
        active--;
      }
    });

    const channels = ['desktop', 'quick', 'cli', 'system'];
    const keyOf = (s: number) => `${channels[s % channels.length]}:chat${s}`;
    const sends: Promise<TurnResult>[] = [];
    for (let round = 0; round < 3; round++) {
      for (let s = 0; s < 50; s++) sends.push(c.sessions.run({ sessionKey: keyOf(s), text: `s${s} m${round}` }));
    }
    const replies = await Promise.all(sends);

    expect(replies).toHaveLength(150);
    replies.forEach((r, i) => {
      const s = i % 50;
      const m = Math.floor(i / 50);
      expect(r.text).toBe(`reply to s${s} m${m}`);
      expect(r.stopReason).toBe('completed');
    });
    for (let s = 0; s < 50; s++) {
      expect(listMessages(c.db, keyOf(s)).map((m) => m.content)).toEqual([
        `s${s} m0`, `reply to s${s} m0`, `s${s} m1`, `reply to s${s} m1`, `s${s} m2`, `reply to s${s} m2`,
      ]);
    }
    expect(overlapInSession).toBe(false);
    expect(maxActive).toBeGreaterThan(1);
    expect(t.llm.requests).toHaveLength(150);
    expect(c.sessions.isBusy()).toBe(false);
  });
});
