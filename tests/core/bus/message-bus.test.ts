// The bus against the real core and a scripted OpenAI-compatible server: 50 sessions at once.
import { useScriptedCore } from '../../helpers/scripted-core';
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-main/core/agent/events';
import type { TurnRequest, TurnResult } from '../../../src-main/core/agent/session-runner';
import { MessageBus } from '../../../src-main/core/bus/message-bus';
import { BUS_CHANNELS, isBusChannel, sessionKeyOf, type BusChannel, type OutboundMessage } from '../../../src-main/core/bus/bus-messages';
import { listMessages } from '../../../src-main/core/store/messages.repo';

const t = useScriptedCore();

/** The user's text of the newest message, without the runtime note the context builder appends. */
function lastUserText(body: any): string {
  const m = [...body.messages].reverse().find((x: any) => x.role === 'user');
  return String(m.content).split('\n\n[Runtime context:')[0]!;
}

describe('message bus', () => {
  it('knows its channels and session keys', () => {
    expect(BUS_CHANNELS).toEqual(['desktop', 'quick', 'cli', 'heartbeat', 'cron', 'system']);
    expect(sessionKeyOf({ channel: 'quick', chatId: 'default' })).toBe('quick:default');
    expect(sessionKeyOf({ channel: 'cli', chatId: '' })).toBe('cli:default');
    expect(isBusChannel('desktop')).toBe(true);
    expect(isBusChannel('telegram')).toBe(false);
  });

  it('runs turns serially per session and sessions in parallel, passing channel defaults to the runner', async () => {
    const requests: TurnRequest[] = [];
    let active = 0;
    let maxActive = 0;
    const runner = {
      async run(req: TurnRequest): Promise<TurnResult> {
        requests.push(req);
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
        return { turnId: `t${requests.length}`, stopReason: 'completed', text: `echo ${req.text}`, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, iterations: 1 };
      },
    };
    const bus = new MessageBus({ runner });
    const pulled = bus.consumeOutbound();
    const results = await Promise.all([
      bus.publishInbound({ channel: 'heartbeat', chatId: 'default', text: 'tick' }),
      bus.publishInbound({ channel: 'quick', chatId: 'default', text: 'q' }),
      bus.publishInbound({ channel: 'cron', chatId: 'job1', text: 'c', inCronRun: true }),
    ]);
    expect(results.map((r) => [r.seq, r.sessionKey, r.text, r.stopReason])).toEqual([
      [1, 'heartbeat:default', 'echo tick', 'completed'],
      [2, 'quick:default', 'echo q', 'completed'],
      [3, 'cron:job1', 'echo c', 'completed'],
    ]);
    expect(requests.map((r) => [r.sessionKey, r.interactive, r.source, r.inCronRun ?? false])).toEqual([
      ['heartbeat:default', false, 'heartbeat', false],
      ['quick:default', true, 'user', false],
      ['cron:job1', false, 'cron', true],
    ]);
    expect(maxActive).toBe(3);
    expect((await pulled).seq).toBe(1);
    await bus.stop();
    await expect(bus.publishInbound({ channel: 'cli', chatId: 'x', text: 'late' })).rejects.toThrow('the message bus is stopped');
  });

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
    const outbound: OutboundMessage[] = [];
    c.bus.onOutbound((m) => outbound.push(m));

    const channels: BusChannel[] = ['desktop', 'quick', 'cli', 'system'];
    const sends: Promise<OutboundMessage>[] = [];
    for (let round = 0; round < 3; round++) {
      for (let s = 0; s < 50; s++) {
        sends.push(c.bus.publishInbound({ channel: channels[s % channels.length]!, chatId: `chat${s}`, text: `s${s} m${round}` }));
      }
    }
    const replies = await Promise.all(sends);

    expect(replies).toHaveLength(150);
    expect(outbound).toHaveLength(150);
    for (const r of replies) {
      const [, s, m] = /^s(\d+) m(\d+)$/.exec(r.text.replace('reply to ', ''))!;
      expect(r.sessionKey).toBe(`${channels[Number(s) % channels.length]}:chat${s}`);
      expect(r.text).toBe(`reply to s${s} m${m}`);
      expect(r.stopReason).toBe('completed');
    }
    for (let s = 0; s < 50; s++) {
      const key = `${channels[s % channels.length]}:chat${s}`;
      expect(listMessages(c.db, key).map((m) => m.content)).toEqual([
        `s${s} m0`, `reply to s${s} m0`, `s${s} m1`, `reply to s${s} m1`, `s${s} m2`, `reply to s${s} m2`,
      ]);
    }
    expect(overlapInSession).toBe(false);
    expect(maxActive).toBeGreaterThan(1);
    expect(t.llm.requests).toHaveLength(150);
    expect(c.bus.pending()).toEqual({ inbound: 0, inFlight: 0, outbound: 0 });
  });
});
