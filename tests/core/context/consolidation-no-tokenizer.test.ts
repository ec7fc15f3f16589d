// A session past agent.maxHistoryMessages but far inside the token window (a daemon's cron job, run after run) is
// read, summarised and fitted without loading the tokenizer: its ~70 MB of tables stay out of a long-running process.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { LlmProvider, LlmRequest } from '../../../src-main/core/model/llm-provider';
import { HistoryCache } from '../../../src-main/core/context/history-cache';
import { Emitter } from '../../../src-main/core/lib/emitter';
import { systemClock } from '../../../src-main/core/lib/clock';
import { okResult } from '../../../src-main/core/lib/result';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { appendMessages } from '../../../src-main/core/store/messages.repo';
import { ensureSession, getSession } from '../../../src-main/core/store/sessions.repo';
import { Consolidator } from '../../../src-main/core/context/consolidation';
import { WorkspaceContextBuilder } from '../../../src-main/core/context/context-builder';
import { MemoryFiles } from '../../../src-main/core/memory/memory-files';
import { MemoryReview } from '../../../src-main/core/memory/memory-review';
import { requestBudget } from '../../../src-main/core/context/history-window';
import { tokenizerLoaded } from '../../../src-main/core/context/token-estimate';
import { defaultConfig } from '../../../src-preload/contract/config-schema';
import { contextInput, makeWorkspace, type TempWorkspace } from './context-fixtures';

let ws: TempWorkspace;
let db: Database;
const key = 'cron:every-second';
beforeEach(() => {
  ws = makeWorkspace();
  db = openDatabase(':memory:');
});
afterEach(() => {
  db.close();
  ws.cleanup();
});

describe('a session past the message cap, inside the window', () => {
  it('is summarised and fitted with byte bounds, the tokenizer never loaded', async () => {
    ensureSession(db, key, 1);
    const rows = [];
    for (let i = 0; i < 300; i++) {
      rows.push({ sessionKey: key, role: 'user' as const, content: `Run ${i}: check the inbox and say what is new.`, createdAt: i });
      rows.push({ sessionKey: key, role: 'assistant' as const, content: `Run ${i}: nothing new.`, createdAt: i });
    }
    appendMessages(db, rows);
    const requests: LlmRequest[] = [];
    const provider: LlmProvider = {
      async chat(request) {
        requests.push(request);
        const args = JSON.stringify({ history_entry: 'Every run checked the inbox; nothing was new.', new_facts: [] });
        return okResult({ content: '', toolCalls: [{ id: 's', name: 'save_memory', arguments: args }], finishReason: 'tool_calls', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } });
      },
    };
    const emitter = new Emitter<CoreEvent>();
    const memory = new MemoryFiles({ db, workspace: () => ws.workspace, events: emitter, clock: systemClock });
    const review = new MemoryReview({ db, memory, events: emitter, clock: systemClock });
    const consolidator = new Consolidator({ db, memory, review, providerFor: () => okResult(provider) });
    const builder = new WorkspaceContextBuilder({ db, builtinSkillsDir: ws.builtinSkills, env: {}, consolidator });
    const config = defaultConfig();
    const probe = contextInput(ws.workspace, []);
    const loaded = await new HistoryCache().load(db, key, { afterId: 0, budgetTokens: requestBudget(probe.model.contextWindowTokens, probe.model.maxTokens), maxMessages: config.agent.maxHistoryMessages });
    expect(loaded.messages).toHaveLength(500);
    expect(loaded.unread).toBe(100);
    const messages = await builder.build(contextInput(ws.workspace, loaded.messages, { sessionKey: key, unread: loaded.unread }, config));
    expect(requests).toHaveLength(1);
    expect(builder.lastStats!.consolidated).toBe(true);
    expect(getSession(db, key)!.meta.consolidatedThrough).toBeGreaterThan(0);
    expect(messages.length - 1).toBeLessThanOrEqual(250);
    expect(tokenizerLoaded()).toBe(false);
  });
});
