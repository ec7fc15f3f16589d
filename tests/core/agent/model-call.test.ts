// Model failover through the real loop: agent.fallbackModels (preset names) take over when the turn's model fails
// after its retries; the window is told who answered and why; usage is recorded per model.
import { describe, expect, it } from 'vitest';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { usageByModel } from '../../../src-main/core/store/usage.repo';
import { useScriptedCore } from '../../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto' });

function open(fallbackModels: string[]) {
  const core = t.open({
    agent: { fallbackModels },
    modelPresets: { backup: { model: 'fake-model-large' }, ghost: { provider: 'nowhere', model: 'x' } },
  });
  const seen: any[] = [];
  core.events.on((e) => seen.push(e));
  return { core, seen };
}

describe('model failover', () => {
  it('a 503 from the primary is answered by the fallback: event, stored author, usage per model', async () => {
    const { core, seen } = open(['ghost', 'typo', 'backup']);
    t.llm.setFallback((req) => (req.body.model === 'fake-model' ? { status: 503, errorMessage: 'overloaded' } : { text: 'From the backup.', usage: { prompt_tokens: 7, completion_tokens: 3 } }));
    const result = await core.sessions.run({ sessionKey: 'fo:a', text: 'hi' });
    expect(result).toMatchObject({ stopReason: 'completed', text: 'From the backup.' });
    // ghost's provider does not exist and typo is no preset: both are passed on the way, and said so.
    expect(seen.filter((e) => e.type === 'provider.failover').map((e) => [e.from, e.to])).toEqual([
      ['fake-model', 'ghost (x)'],
      ['ghost (x)', 'typo'],
      ['typo', 'backup (fake-model-large)'],
    ]);
    expect(seen.filter((e) => e.type === 'provider.failover')[2].reason).toBe("agent.fallbackModels names 'typo', which is no preset in modelPresets.");
    expect(seen.find((e) => e.type === 'provider.failover').reason).toBe('The provider had a server error (503). (Server said: overloaded)');
    expect(listMessages(core.db, 'fo:a').at(-1)).toMatchObject({ content: 'From the backup.', meta: { answeredBy: 'backup (fake-model-large)' } });
    expect(usageByModel(core.db)).toEqual([{ model: 'fake-model-large', promptTokens: 7, completionTokens: 3, totalTokens: 10 }]);
  });

  it('a refusal that another model would share (401) does not fail over', async () => {
    const { core, seen } = open(['backup']);
    t.llm.setFallback({ status: 401 });
    const result = await core.sessions.run({ sessionKey: 'fo:b', text: 'hi' });
    expect(result.stopReason).toBe('error');
    expect(seen.some((e) => e.type === 'provider.failover')).toBe(false);
    expect(t.llm.requests).toHaveLength(1);
  });

  it('the next turn starts on the primary again', async () => {
    const { core } = open(['backup']);
    t.llm.enqueue({ status: 500 }, { text: 'backup answer' }, { text: 'primary is back' });
    await core.sessions.run({ sessionKey: 'fo:c', text: 'one' });
    const second = await core.sessions.run({ sessionKey: 'fo:c', text: 'two' });
    expect(second.text).toBe('primary is back');
    expect(t.llm.requests.map((r) => r.body.model)).toEqual(['fake-model', 'fake-model-large', 'fake-model']);
  });
});
