// A cold process fits a long session from stored counts: no tokenizer while what has no count is within the
// slack; the tokenizer (and exact counts, stored for next time) once it is not. Order matters: the tokenizer is
// process-wide, so the tests that must not load it run first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src-main/core/model/chat-message';
import { rememberTokens } from '../../../src-main/core/model/known-tokens';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { getTokenCount } from '../../../src-main/core/store/token-counts.repo';
import { WorkspaceContextBuilder } from '../../../src-main/core/context/context-builder';
import { StoredTokenCounts } from '../../../src-main/core/context/stored-token-counts';
import { WindowTokenCounter } from '../../../src-main/core/context/window-token-counter';
import type { ToolSpec } from '../../../src-main/core/model/llm-provider';
import { loadTokenizer, messageTokens, messageTokensUpperBound, tokenizerLoaded } from '../../../src-main/core/context/token-estimate';
import { configSchema } from '../../../src-preload/contract/config-schema';
import { assistant, contextInput, makeWorkspace, user, type TempWorkspace } from './context-fixtures';

let ws: TempWorkspace;
let db: Database;
beforeEach(() => {
  ws = makeWorkspace();
  db = openDatabase(':memory:');
});
afterEach(() => {
  db.close();
  ws.cleanup();
});

const MODEL = { presetName: 'default', provider: 'test', model: 'm', contextWindowTokens: 8192, maxTokens: 1024, temperature: 0, vision: false };

/** 300 exchanges of ~60 bytes each: far over an 8k window by bytes; each "counted" at 10 tokens. */
function countedHistory(): ChatMessage[] {
  const history: ChatMessage[] = [];
  for (let i = 0; i < 300; i++) history.push(user(`question number ${i}: what changed in project ${i % 7} this week?`), assistant(`project ${i % 7} moved on to item ${i}.`));
  for (const m of history) rememberTokens(m, 10);
  return history;
}

describe('WindowTokenCounter in the context builder', () => {
  it('fits from stored counts without the tokenizer when the unknown part is within the slack', async () => {
    const b = new WorkspaceContextBuilder({ db, builtinSkillsDir: ws.builtinSkills, env: { PATH: '' } });
    const system = b.systemPrompt(contextInput(ws.workspace, []));
    new StoredTokenCounts(db).put(system, 900); // counted by an earlier process
    const history = [...countedHistory(), user('the newest question, not counted yet')];
    const uncapped = configSchema.parse({ agent: { maxHistoryMessages: 100_000 } }); // the token budget cuts here
    const messages = await b.build(contextInput(ws.workspace, history, { model: MODEL }, uncapped));
    expect(tokenizerLoaded()).toBe(false);
    const stats = b.lastStats!;
    expect(stats.exact).toBe(false);
    expect(stats.systemTokens).toBe(900);
    expect(stats.droppedMessages).toBeGreaterThan(0);
    // Counted messages cost their stored 10 tokens; the new one its byte bound: the window is full, not overfull.
    expect(stats.historyTokens).toBeLessThanOrEqual(stats.budgetTokens);
    expect(stats.historyTokens).toBeGreaterThan(stats.budgetTokens - 30);
    expect(messages.at(-1)!.content).toContain('the newest question, not counted yet');
  });

  it('loads the tokenizer when the unknown part is over the slack, and stores the prompt count it made', async () => {
    const b = new WorkspaceContextBuilder({ db, builtinSkillsDir: ws.builtinSkills, env: { PATH: '' } });
    const history: ChatMessage[] = [];
    for (let i = 0; i < 400; i++) history.push(user(`question ${i} ${'lorem ipsum '.repeat(40)}`), assistant(`answer ${i}`));
    await b.build(contextInput(ws.workspace, history, { model: MODEL }));
    expect(tokenizerLoaded()).toBe(true);
    expect(b.lastStats!.exact).toBe(true);
    const system = b.systemPrompt(contextInput(ws.workspace, []));
    expect(new StoredTokenCounts(db).get(system)).toBe(b.lastStats!.systemTokens);
    // An exact count is remembered on the message (the session runner stores it with the row).
    const last = history.at(-1)!;
    expect(messageTokensUpperBound(last)).toBe(messageTokens(last));
  });

  it('keeps the stored counts bounded and looks them up by digest', () => {
    const counts = new StoredTokenCounts(db);
    for (let i = 0; i < 300; i++) counts.put(`text ${i}`, i);
    expect(db.prepare('SELECT count(*) AS n FROM token_counts').get()).toEqual({ n: 256 });
    expect(new StoredTokenCounts(db).get('text 299')).toBe(299);
    expect(new StoredTokenCounts(db).get('text 0')).toBeUndefined();
    expect(getTokenCount(db, 'not a digest')).toBeUndefined();
  });
});

describe('the counts a turn asks for again', () => {
  const read: ToolSpec['parameters'] = { type: 'object', properties: { path: { type: 'string' } } };
  const exec: ToolSpec['parameters'] = { type: 'object', properties: { command: { type: 'string' } } };
  // every turn builds new spec objects around the same parameters objects (kept per tool by the session runner)
  const specs = (readDescription = 'Reads a file.', parameters = read): ToolSpec[] => [
    { name: 'read_file', description: readDescription, parameters },
    { name: 'exec', description: 'Runs a command.', parameters: exec },
  ];

  it('gives a tool list the stored count of the same definitions, and a changed list its own count or bound', async () => {
    await loadTokenizer(); // loaded by the test above already; exact counts are what gets stored
    const counts = new StoredTokenCounts(db);
    const counter = new WindowTokenCounter(counts);
    const unstored = counter.toolsBound(specs());
    expect(counter.storedTools(specs())).toBeUndefined();
    const tokens = new WindowTokenCounter(counts).tools(specs()); // counted and stored
    expect(counter.storedTools(specs())).toBe(tokens);
    expect(counter.toolsBound(specs())).toBe(tokens);
    expect(counter.storedTools(specs('Reads a file, all of it.'))).toBeUndefined();
    expect(counter.toolsBound(specs('Reads a file, all of it.'))).toBeGreaterThan(unstored);
    const wider = { type: 'object', properties: { path: { type: 'string' }, limit: { type: 'number' } } };
    expect(counter.storedTools(specs('Reads a file.', wider))).toBeUndefined();
    expect(counter.storedTools([...specs(), { name: 'grep', description: 'Searches.', parameters: read }])).toBeUndefined();
    expect(counter.storedTools(specs())).toBe(tokens);
  });

  it('finds a text stored under the same words in a new string, and keeps finding texts beyond the few it remembers', () => {
    const counts = new StoredTokenCounts(db);
    counts.put('the system prompt', 42);
    expect(counts.get(['the', 'system', 'prompt'].join(' '))).toBe(42);
    for (let i = 0; i < 20; i++) counts.put(`prompt ${i}`, i);
    for (let i = 0; i < 20; i++) expect(counts.get(`prompt ${i}`)).toBe(i);
    expect(counts.get('the system prompt')).toBe(42);
    expect(counts.get('the system prompt!')).toBeUndefined();
  });
});
