// The real CLI, its key only in its environment (OPENAI_API_KEY): exec reads the CLI's own environ through
// /proc/$PPID/environ; the key reaches neither the next model request nor the CLI's output.
import { describe, expect, it } from 'vitest';
import { useCliHarness } from '../host/cli/cli-harness';
import { leakedForm } from './helpers/leak-watch';

const KEY = 'sk-env-only-Rr4Ss5Tt6Uu7Vv8Ww9';
const t = useCliHarness({ approvalMode: 'auto' });

describe('a key that lives only in the environment', () => {
  it('exec of /proc/$PPID/environ (the CLI itself) hands the model no key', async () => {
    // No providers: OPENAI_API_KEY / OPENAI_BASE_URL make one. The fence is off so the command's text checks
    // do not stop the read; whatever the exec sandbox hides, the result must come back without the key.
    t.openBare({ agent: { model: 'fake-model', providerRetryMode: 'none' }, tools: { restrictToWorkspace: false }, heartbeat: { enable: false } });
    t.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'tr "\\0" "\\n" < /proc/$PPID/environ; echo; env' } }] }, { text: 'done' });
    const { code, out, err } = await t.spawn(['agent', '-m', 'dump it', '--yes'], { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: t.llm.baseUrl });
    expect(code).toBe(0);
    expect(t.llm.requests).toHaveLength(2);
    const toolMessage = (t.llm.requests[1]!.body as { messages: Array<{ role: string; content: string }> }).messages.at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(toolMessage.content).toContain('Exit code:');
    for (const text of [JSON.stringify(t.llm.requests.map((q) => q.body)), out, err]) expect(leakedForm(text, KEY)).toBeUndefined();
  });
});
