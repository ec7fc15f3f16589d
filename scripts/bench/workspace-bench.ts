// Workspace figures for `npm run bench`: system prompt size (default workspace + 50 skills), per-turn
// context overhead with a 10,000-message session, and prompt rebuild time after a file change.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ChatMessage } from '../../src-main/core/agent/chat-message';
import type { ContextInput } from '../../src-main/core/agent/context';
import { defaultConfig } from '../../src-preload/contract/config-schema';
import { openDatabase } from '../../src-main/core/store/db';
import { appendMessages, listMessages, loadHistory, type NewMessage } from '../../src-main/core/store/messages.repo';
import { ensureSession } from '../../src-main/core/store/sessions.repo';
import { chooseCut } from '../../src-main/core/workspace/consolidation';
import { requestBudget } from '../../src-main/core/workspace/history-window';
import { WorkspaceContextBuilder } from '../../src-main/core/workspace/context-builder';
import { countTokens, loadTokenizer } from '../../src-main/core/workspace/token-estimate';

export interface WorkspaceBenchFigures {
  systemPromptTokens: number;
  skillsInstalled: number;
  /** Median ms of ContextBuilder.build for a turn of a 10,000-message session (tokens cached). */
  turnOverheadMs: number;
  /** Fastest of those turns (closest to an idle machine). */
  turnOverheadMinMs: number;
  /** The first (cold) build of that session, tokenizer load included. */
  firstTurnMs: number;
  /** Median ms of loading the 10,000 messages from SQLite (the session runner does this each turn). */
  historyLoadMs: number;
  /**
   * Median ms of a whole turn's context work once the session has been consolidated (the steady state
   * with a provider): load the messages after consolidatedThrough from SQLite and build.
   */
  consolidatedTurnMs: number;
  /** Messages still loaded per turn in that state. */
  consolidatedMessages: number;
  /** Median ms to rebuild the prompt after MEMORY.md changed (read + assemble + exact token count). */
  rebuildAfterChangeMs: number;
  /** Median ms to count a new 50,000-character unbroken run (base64-like; sliced, so linear). */
  longRunCountMs: number;
}

/** A full GC before each timed build, so garbage made by the test set-up is not billed to the builder. */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  return typeof gc === 'function' ? (gc as () => void) : () => undefined; // checked just above
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Runs the workspace bench in a temp folder; `root` is the repository (templates and built-in skills). */
export async function runWorkspaceBench(root: string, runs = 20): Promise<WorkspaceBenchFigures> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-bench-ws-')));
  const workspace = join(dir, 'workspace');
  const builtinSkillsDir = join(root, 'skills');
  cpSync(join(root, 'resources', 'workspace'), workspace, { recursive: true });
  const db = openDatabase(':memory:');
  try {
    const builder = new WorkspaceContextBuilder({ db, builtinSkillsDir, env: process.env });
    const config = defaultConfig();
    const base = { workspace, config, now: Date.now() };
    const builtin = builder.prompt.skills(workspace, builtinSkillsDir, process.env, Date.now()).length;
    for (let i = builtin; i < 50; i++) {
      const name = `user-skill-${String(i).padStart(2, '0')}`;
      mkdirSync(join(workspace, 'skills', name), { recursive: true });
      writeFileSync(
        join(workspace, 'skills', name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Handles recurring task number ${i} for the user, with its own checklist and commands.\n---\n\n# ${name}\n\nSteps...\n`,
      );
    }
    const skillsInstalled = builder.prompt.skills(workspace, builtinSkillsDir, process.env, Date.now()).length;
    await loadTokenizer(); // exact counts below; the turns' builds use the byte bound when it fits
    const systemPromptTokens = countTokens(builder.systemPrompt(base));

    const key = 'desktop:bench';
    ensureSession(db, key, 1);
    const rows: NewMessage[] = [];
    for (let i = 0; i < 2_500; i++) {
      rows.push({ sessionKey: key, role: 'user', content: `Question ${i}: could you look at the notes for project ${i % 37} and tell me what changed since last week?`, createdAt: i });
      rows.push({ sessionKey: key, role: 'assistant', content: null, toolCalls: [{ id: `c${i}`, name: 'read_file', arguments: `{"path":"projects/p${i % 37}.md"}` }], createdAt: i });
      rows.push({ sessionKey: key, role: 'tool', content: `# Project ${i % 37}\n\n- status: in progress\n- owner: Ada\n- next step: review item ${i}\n`, toolCallId: `c${i}`, name: 'read_file', createdAt: i });
      rows.push({ sessionKey: key, role: 'assistant', content: `Since last week project ${i % 37} moved to review item ${i}; Ada still owns it and the status is in progress.`, createdAt: i });
    }
    appendMessages(db, rows);
    const loads: number[] = [];
    let history: ChatMessage[] = [];
    for (let r = 0; r < Math.max(5, Math.floor(runs / 4)); r++) loads.push(time(() => (history = loadHistory(db, key))));
    // Each turn gets freshly loaded message objects, as the session runner hands them over (no warm caches
    // on the objects themselves; only the token counts keyed by text carry over).
    const input = (now: number): ContextInput => ({
      sessionKey: key,
      channel: 'desktop',
      chatId: 'bench',
      history: structuredClone(history),
      model: { presetName: 'default', provider: 'p', model: 'm', contextWindowTokens: config.agent.contextWindowTokens, maxTokens: config.agent.maxTokens, temperature: 0, vision: false },
      config,
      workspace,
      toolSpecs: [],
      now,
    });
    const first = input(Date.now());
    const firstTurnMs = await timeAsync(() => builder.build(first));
    const collect = garbageCollector();
    const turns: number[] = [];
    for (let r = 0; r < runs; r++) {
      const next = input(Date.now() + r * 60_000);
      collect();
      turns.push(await timeAsync(() => builder.build(next)));
    }

    // Steady state with a provider: consolidation keeps the unconsolidated tail under half the budget.
    const all = listMessages(db, key);
    const cut = chooseCut(all, Math.floor((requestBudget(config.agent.contextWindowTokens, config.agent.maxTokens) - systemPromptTokens) / 2));
    const afterId = all[cut - 1]!.id;
    const consolidated: number[] = [];
    let consolidatedMessages = 0;
    for (let r = 0; r < runs; r++) {
      collect();
      consolidated.push(
        await timeAsync(async () => {
          const tail = loadHistory(db, key, { afterId });
          consolidatedMessages = tail.length;
          await builder.build({ ...input(Date.now() + r * 60_000), history: tail });
        }),
      );
    }

    const rebuilds: number[] = [];
    for (let r = 0; r < runs; r++) {
      writeFileSync(join(workspace, 'memory', 'MEMORY.md'), `# Memory\n\n- Fact number ${r}: the user prefers short answers.\n`);
      rebuilds.push(time(() => countTokens(builder.systemPrompt({ ...base, now: Date.now() }))));
    }
    const longRuns: number[] = [];
    for (let r = 0; r < runs; r++) longRuns.push(time(() => countTokens(`${r}${'x'.repeat(50_000)}`)));
    if (process.env.BENCH_DEBUG) {
      const lt: number[] = [];
      const bt: number[] = [];
      for (let r = 0; r < runs; r++) {
        let tail: ChatMessage[] = [];
        collect();
        lt.push(time(() => (tail = loadHistory(db, key, { afterId }))));
        collect();
        bt.push(await timeAsync(() => builder.build({ ...input(Date.now()), history: tail })));
      }
      console.log(`debug: tail load ${median(lt).toFixed(2)} build ${median(bt).toFixed(2)} stats ${JSON.stringify(builder.lastStats)}`);
      const sp: number[] = [];
      for (let r = 0; r < runs; r++) sp.push(time(() => builder.systemPrompt({ ...base, now: Date.now() })));
      console.log(`debug: systemPrompt median ${median(sp).toFixed(2)} ms; turns ${turns.map((t) => t.toFixed(1)).join(' ')}`);
    }
    return {
      systemPromptTokens,
      skillsInstalled,
      turnOverheadMs: median(turns),
      turnOverheadMinMs: Math.min(...turns),
      firstTurnMs,
      historyLoadMs: median(loads),
      consolidatedTurnMs: median(consolidated),
      consolidatedMessages,
      rebuildAfterChangeMs: median(rebuilds),
      longRunCountMs: median(longRuns),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
