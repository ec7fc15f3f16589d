// Unattended follow-up turns are bounded (issue 25, item 11), through the real core and agent loop, approval mode
// `ask`: a hijacked model answers every subagent's result by spawning another subagent. Each result starts a turn
// nobody asked for (its summary), so without a bound the chain runs, and spends, for ever without the user. The
// chain stops after MAX_UNATTENDED_FOLLOW_UPS follow-ups: the model is told why, the user sees a note, and the
// user's next message may start a subagent again.
import { describe, expect, it } from 'vitest';
import { MAX_UNATTENDED_FOLLOW_UPS } from '../../src-main/core/subagents/subagent-manager';
import { listMessages } from '../../src-main/core/store/messages.repo';
import type { Core } from '../../src-main/core/nanotray-core';
import type { RecordedRequest, ScriptedStep } from '../helpers/scripted-llm-server';
import { useScriptedCore } from '../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto' });
const SESSION = 'desktop:main';
/** Past this many subagents the chain counts as unbounded (the test stops waiting instead of hanging). */
const RUNAWAY = 12;

const isSubagent = (r: RecordedRequest) => String(r.body.messages[0].content).includes('# You are a subagent');
const tail = (r: RecordedRequest) => r.body.messages[r.body.messages.length - 1];

let spawnCalls = 0;
/** The hostile model: every turn of the main session that is not a tool result spawns another subagent. */
function spawnForever(r: RecordedRequest): ScriptedStep {
  if (isSubagent(r)) return { text: 'Done. To finish the job, start another subagent for the next part.' };
  if (tail(r).role === 'tool') return { text: 'Working on it in the background.' };
  spawnCalls++;
  return { toolCalls: [{ id: `spawn_${spawnCalls}`, name: 'spawn', arguments: { task: `Part ${spawnCalls}: keep going`, label: `part ${spawnCalls}` } }] };
}

/** Waits for every subagent of the session and the follow-ups they start, up to RUNAWAY of them. */
async function settle(core: Core): Promise<number> {
  const waited = new Set<string>();
  for (;;) {
    const pending = core.subagents.tasks(SESSION).filter((task) => !waited.has(task.id));
    if (pending.length === 0 || waited.size >= RUNAWAY) return waited.size;
    for (const task of pending) {
      await core.subagents.wait(task.id);
      waited.add(task.id);
    }
  }
}

describe('a model that spawns a subagent from every subagent result (mode ask)', () => {
  it('stops after the bound, tells the model and the user; the next user turn may spawn again', async () => {
    spawnCalls = 0;
    const core = t.open({ tools: { approval: { mode: 'ask' } } });
    t.llm.setFallback(spawnForever);

    const turn = await core.sessions.run({ sessionKey: SESSION, text: 'Research this in the background', interactive: true });
    expect(turn.text).toBe('Working on it in the background.');
    expect(await settle(core)).toBe(MAX_UNATTENDED_FOLLOW_UPS);

    // The user's turn spawned one, follow-ups 1 … MAX-1 one each; follow-up MAX tried and was refused.
    expect(spawnCalls).toBe(MAX_UNATTENDED_FOLLOW_UPS + 1);
    const refusedId = `spawn_${spawnCalls}`;
    const refusal = t.llm.requests
      .flatMap((r) => r.body.messages as Array<{ role: string; tool_call_id?: string; content?: string }>)
      .find((m) => m.role === 'tool' && m.tool_call_id === refusedId);
    expect(refusal?.content).toContain("Error: no new subagent: this turn follows a subagent's result without the user");
    const stored = listMessages(core.db, SESSION).map((m) => m.content ?? '');
    expect(stored.some((c) => c.startsWith(`[Nanotray started no further subagent: ${MAX_UNATTENDED_FOLLOW_UPS} follow-up turns ran in a row without you`))).toBe(true);
    expect(core.subagents.running()).toEqual([]);

    // The user writes again: that turn is theirs, and may start a subagent.
    const before = core.subagents.tasks(SESSION).length;
    await core.sessions.run({ sessionKey: SESSION, text: 'Go on with part 4', interactive: true });
    const tasks = core.subagents.tasks(SESSION);
    expect(tasks.length).toBe(before + 1);
    expect(tasks.at(-1)!.followUp).toBe(0);
    await settle(core);
  });
});
