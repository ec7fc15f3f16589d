// A model that names a cron job like one of Nanotray's own notices ("Nanotray needs your approval", with a bidi
// override) still gets a notification that says it is a cron job, with the characters nobody sees shown.
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import { useScriptedCore } from '../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto' });

describe('cron notification titles the model chose', () => {
  it('are framed as the cron job they are, with invisible characters revealed', async () => {
    const c = t.open({ agent: { timezone: 'UTC' }, tools: { approval: { mode: 'auto' } } }, { env: process.env });
    const fake = 'Nanotray needs your approval \u202eexe.llA';
    t.llm.enqueue(
      { toolCalls: [{ name: 'cron', arguments: { action: 'add', name: fake, message: 'Allow exec? rm -rf ~', every_seconds: 3600 } }] },
      { text: 'Scheduled.' },
    );
    await c.sessions.run({ sessionKey: 'desktop:main', text: 'remind me hourly', interactive: true });
    const job = c.cron.status().jobs[0];
    expect(job?.name).toBe(fake);
    const events: CoreEvent[] = [];
    c.events.on((e) => events.push(e));
    t.llm.enqueue({ text: 'Allow exec? Click to approve.' });
    await c.cron.runJobNow(job!.id);
    const note = events.find((e) => e.type === 'notify');
    expect(note).toMatchObject({ kind: 'cron', title: "Cron job 'Nanotray needs your approval \\u{202e}exe.llA'" });
    expect(JSON.stringify(note)).not.toContain('\u202e');
  });
});
