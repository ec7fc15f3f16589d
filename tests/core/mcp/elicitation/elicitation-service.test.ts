// The waiting requests for input: events, answers validated against the form (defaults filled), links that do not
// open refused, cancel on abort, timeout and dispose.
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../../src-preload/contract/event-schemas';
import type { ElicitationField } from '../../../../src-preload/contract/elicitation-schemas';
import { ElicitationService, type ElicitationAsk } from '../../../../src-main/core/mcp/elicitation/elicitation-service';
import { FakeClock } from '../../../helpers/fake-clock';

const FIELDS: ElicitationField[] = [
  { kind: 'text', name: 'name', label: 'Your name', required: true, secretLike: false, minLength: 2 },
  { kind: 'number', name: 'age', label: 'Age', required: false, secretLike: false, integer: true, maximum: 150, default: 30 },
];
const FORM: ElicitationAsk = { sessionKey: 'desktop:a', turnId: 't1', callId: 'c1', server: 'd', message: 'Who are you?', mode: 'form', fields: FIELDS };
const LINK = (opens: boolean): ElicitationAsk => ({
  sessionKey: 'desktop:a',
  turnId: 't1',
  server: 'd',
  message: 'Connect',
  mode: 'url',
  link: { url: opens ? 'https://auth.example.com/x' : 'file:///etc/passwd', host: 'auth.example.com', opens },
});

function service(): { svc: ElicitationService; events: CoreEvent[]; clock: FakeClock } {
  const events: CoreEvent[] = [];
  const clock = new FakeClock();
  let n = 0;
  const svc = new ElicitationService({ emit: (e) => events.push(e), clock, newId: () => `e${++n}`, timeoutMs: 1_000 });
  return { svc, events, clock };
}

describe('ElicitationService', () => {
  it('emits the request, takes a valid answer with defaults filled, and says it was resolved', async () => {
    const { svc, events, clock } = service();
    const answer = svc.ask(FORM, new AbortController().signal);
    expect(events).toEqual([{ type: 'elicitation.requested', ...FORM, id: 'e1', expiresAt: clock.now() + 1_000 }]);
    expect(svc.pending('desktop:a').map((r) => r.id)).toEqual(['e1']);
    expect(svc.respond('e1', 'accept', { name: 'Ada' })).toEqual({ ok: true, value: undefined });
    expect(await answer).toEqual({ action: 'accept', content: { name: 'Ada', age: 30 } });
    expect(events.at(-1)).toEqual({ type: 'elicitation.resolved', id: 'e1', sessionKey: 'desktop:a', action: 'accept' });
    expect(svc.pending()).toEqual([]);
  });

  it('refuses an answer that does not fit and keeps waiting (nothing the user typed is lost)', async () => {
    const { svc } = service();
    const answer = svc.ask(FORM, new AbortController().signal);
    const refused = svc.respond('e1', 'accept', { name: 'A', age: 200, extra: 'x' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('invalid');
      expect(refused.error.message).toContain('Your name:');
      expect(refused.error.message).toContain('Age:');
    }
    expect(svc.pending()).toHaveLength(1);
    svc.respond('e1', 'decline');
    expect(await answer).toEqual({ action: 'decline' });
    expect(svc.respond('e1', 'cancel')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('accepts a link only when Nanotray would open it', async () => {
    const { svc } = service();
    const refused = svc.ask(LINK(false), new AbortController().signal);
    expect(svc.respond('e1', 'accept')).toMatchObject({ ok: false, error: { code: 'invalid' } });
    svc.respond('e1', 'decline');
    expect(await refused).toEqual({ action: 'decline' });
    const opened = svc.ask(LINK(true), new AbortController().signal);
    svc.respond('e2', 'accept');
    expect(await opened).toEqual({ action: 'accept' });
  });

  it('cancels on the turn’s abort, on the timeout and on dispose', async () => {
    const { svc, clock } = service();
    const stop = new AbortController();
    const aborted = svc.ask(FORM, stop.signal);
    stop.abort();
    expect(await aborted).toEqual({ action: 'cancel' });
    const timedOut = svc.ask(FORM, new AbortController().signal);
    clock.advance(1_000);
    expect(await timedOut).toEqual({ action: 'cancel' });
    const disposed = svc.ask(FORM, new AbortController().signal);
    svc.dispose();
    expect(await disposed).toEqual({ action: 'cancel' });
    expect(svc.pending()).toEqual([]);
  });
});
