// The shared API handlers on a real core (temp home + scripted model), called through the dispatcher the
// way Electron IPC and the browser host call them.
import { readFileSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { insertUsage } from '../../../src-main/core/store/usage.repo';
import { createDispatcher, type Dispatcher } from '../../../src-main/core/api/dispatch';
import { headlessHost, type ApiHost } from '../../../src-main/core/api/api-host';
import { appendMessage } from '../../../src-main/core/store/messages.repo';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';

// `value` is `any`: each test reads the fields of one channel's output; the contract tests cover the shapes.
type Answer = { ok: boolean; value?: any; error?: { code: string; message: string } };

describe('API handlers on a real core', () => {
  let llm: ScriptedLlm;
  let home: TempHome;
  let core: Core;
  let call: (channel: string, payload?: unknown) => Promise<Answer>;
  const opened: string[] = [];

  beforeAll(async () => {
    llm = await startScriptedLlm();
    home = makeTempHome(
      testConfig(llm.baseUrl, 'auto', {
        tools: { web: { search: { provider: 'brave', apiKey: 'brave-secret-key-999' } } },
        mcpServers: { gh: { url: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer ghp_secret_token_1', 'X-Team': 'blue' } } },
      }),
    );
    // Secrets the host encodes on write are decoded on load: `sealed:<plain>` stands in for safeStorage.
    const decodeSecret = (s: string): string => (s.startsWith('sealed:') ? s.slice('sealed:'.length) : s);
    const created = createCore({ host: 'test', home: home.home, env: {}, decodeSecret });
    if (!created.ok) throw new Error(created.error);
    core = created.value;
    const host: ApiHost = {
      ...headlessHost('electron', '1.0.0'),
      openExternal: async (url) => {
        opened.push(url);
        return true;
      },
      secrets: { mode: 'encrypted', note: { key: 'settings.keysEncrypted' }, encode: (plain) => `sealed:${plain}` },
    };
    const dispatch: Dispatcher = createDispatcher(createApiHandlers(core, host), { logError: () => undefined });
    call = (channel, payload) => dispatch(channel, payload) as Promise<Answer>;
  });

  afterAll(async () => {
    await core?.dispose();
    await llm?.close();
    home?.cleanup();
  });

  describe('settings', () => {
    it('reads every secret masked', async () => {
      const { value } = await call('settings:get');
      expect(value.config.providers.test).toEqual({ apiKey: '…3456', hasApiKey: true, baseUrl: llm.baseUrl, headers: {} });
      expect(value.config.tools.web.search.apiKey).toBe('…-999');
      expect(value.config.mcpServers.gh.headers).toEqual({ Authorization: '…en_1', 'X-Team': 'blue' });
      expect(value.secretStorage).toBe('encrypted');
      expect(value.notes).toEqual(['API keys are encrypted with the system keychain before they are written to config.json.']);
      expect(value.noteTexts).toEqual([{ key: 'settings.keysEncrypted' }]); // the window words it in the user's language
      const text = JSON.stringify(value);
      for (const secret of ['sk-test-secret-key-123456', 'brave-secret-key-999', 'ghp_secret_token_1']) expect(text).not.toContain(secret);
    });

    it('keeps secrets when the masked or empty value comes back', async () => {
      const before = (await call('settings:get')).value.config;
      const result = await call('settings:update', {
        patch: {
          providers: { test: { apiKey: before.providers.test.apiKey } },
          tools: { web: { search: { apiKey: '' } } },
          mcpServers: { gh: { url: 'https://mcp.example.test/mcp', headers: before.mcpServers.gh.headers } },
          agent: { maxIterations: 12 },
        },
      });
      expect(result.ok).toBe(true);
      expect(core.config().providers.test!.apiKey).toBe('sk-test-secret-key-123456');
      expect(core.config().tools.web.search.apiKey).toBe('brave-secret-key-999');
      expect(core.config().mcpServers.gh!.headers).toEqual({ Authorization: 'Bearer ghp_secret_token_1', 'X-Team': 'blue' });
      expect(core.config().agent.maxIterations).toBe(12);
    });

    it('stores a new secret encoded and never returns it', async () => {
      const result = await call('settings:update', { patch: { providers: { test: { apiKey: 'sk-brand-new-key-7777' } } } });
      expect(result.value.config.providers.test.apiKey).toBe('…7777');
      const file = JSON.parse(readFileSync(home.configFile, 'utf8'));
      expect(file.providers.test.apiKey).toBe('sealed:sk-brand-new-key-7777');
      expect(core.config().providers.test!.apiKey).toBe('sk-brand-new-key-7777');
    });

    it('null removes a secret', async () => {
      await call('settings:update', { patch: { tools: { web: { search: { apiKey: null } } } } });
      expect(core.config().tools.web.search.apiKey).toBe('');
    });

    it('refuses an invalid merged config and writes nothing', async () => {
      const before = readFileSync(home.configFile, 'utf8');
      const result = await call('settings:update', { patch: { agent: { maxIterations: 0 } } });
      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe('invalid_input');
      expect(result.error?.message).toContain('agent.maxIterations');
      expect(readFileSync(home.configFile, 'utf8')).toBe(before);
    });

    it('lists a provider\'s models through its /models endpoint', async () => {
      expect(await call('settings:test-provider', { name: 'test' })).toEqual({ ok: true, value: { models: ['fake-model', 'fake-model-large'] } });
      expect((await call('settings:test-provider', { name: 'nope' })).error).toEqual({ code: 'not_found', message: 'No provider "nope" in the config.' });
    });
  });

  describe('runtime (same policy as the my tool, audited as ui)', () => {
    it('refuses set while tools.my.allowSet is false, and audits it', async () => {
      expect(await call('runtime:set', { key: 'max_iterations', value: 5, sessionKey: 'desktop:r' })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: 'Error: set is disabled (tools.my.allow_set is false)' },
      });
      const audit = (await call('runtime:audit', { limit: 1 })).value.entries[0];
      expect(audit).toMatchObject({ source: 'ui', key: 'max_iterations', outcome: 'disabled', sessionKey: 'desktop:r' });
    });

    it('with allowSet on: accepts a settable key, refuses read-only and blocked ones with the tool\'s errors', async () => {
      await call('settings:update', { patch: { tools: { my: { allowSet: true } } } });
      const ok = await call('runtime:set', { key: 'max_iterations', value: 7 });
      expect(ok.ok).toBe(true);
      expect(core.overrides.maxIterations).toBe(7);
      expect(await call('runtime:set', { key: 'web_config', value: {} })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: "Error: 'web_config' is read-only and cannot be modified" },
      });
      expect(await call('runtime:set', { key: 'providers.test.api_key', value: 'x' })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: "Error: 'providers.test.api_key' is protected and cannot be modified" },
      });
      const outcomes = (await call('runtime:audit', { limit: 3 })).value.entries.map((e: { outcome: string; source: string }) => `${e.source}:${e.outcome}`);
      expect(outcomes).toEqual(['ui:blocked', 'ui:read_only', 'ui:accepted']);
    });

    it('overview lists the policy keys with their access and the my-tool summary', async () => {
      const { value } = await call('runtime:overview', {});
      expect(value.allowSet).toBe(true);
      expect(value.entries.find((e: { key: string }) => e.key === 'max_iterations')).toEqual({ key: 'max_iterations', access: 'settable', display: '7', value: 7 });
      expect(value.entries.find((e: { key: string }) => e.key === 'web_config').access).toBe('read_only');
      expect(value.summary).toContain('max_iterations: 7');
    });

    it('overview carries today\'s token usage from every source', async () => {
      insertUsage(core.db, { at: Date.now(), sessionKey: 'desktop:u', source: 'user', model: 'm', usage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 } });
      insertUsage(core.db, { at: Date.now(), sessionKey: 'heartbeat:default', source: 'heartbeat', model: 'm', usage: { promptTokens: 5, completionTokens: 1, totalTokens: 6 } });
      insertUsage(core.db, { at: Date.now() - 3 * 86_400_000, sessionKey: 'desktop:u', source: 'user', model: 'm', usage: { promptTokens: 999, completionTokens: 1, totalTokens: 1000 } });
      const { value } = await call('runtime:overview', {});
      expect(value.usageToday.totalTokens - 126).toBeGreaterThanOrEqual(0);
      expect(value.usageToday.totalTokens).toBeLessThan(1000);
    });

    it('overview splits today\'s usage per model, most tokens first (what each model of a failover cost)', async () => {
      insertUsage(core.db, { at: Date.now(), sessionKey: 'desktop:f', source: 'user', model: 'backup-model', usage: { promptTokens: 300, completionTokens: 40, totalTokens: 340 } });
      insertUsage(core.db, { at: Date.now() - 3 * 86_400_000, sessionKey: 'desktop:f', source: 'user', model: 'old-model', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } });
      const { value } = await call('runtime:overview', {});
      const byModel: { model: string; totalTokens: number }[] = value.usageToday.byModel;
      expect(byModel[0]).toEqual({ model: 'backup-model', promptTokens: 300, completionTokens: 40, totalTokens: 340 });
      expect(byModel.map((m) => m.model)).not.toContain('old-model');
      expect(byModel.reduce((sum, m) => sum + m.totalTokens, 0)).toBe(value.usageToday.totalTokens);
    });

    it('cancels a subagent by id, and says so for an unknown one', async () => {
      expect((await call('runtime:cancel-subagent', { id: 'nope' })).error).toEqual({ code: 'not_found', message: "No subagent task 'nope'." });
      expect((await call('runtime:cancel-subagent', {})).error?.code).toBe('invalid_input');
      llm.enqueue({ text: 'slow', delayMs: 2000 });
      const before = llm.requests.length;
      const started = core.subagents.spawn('a long task', 'long', 'desktop:origin');
      if (!started.ok) throw new Error(started.error.message);
      await vi.waitFor(() => expect(llm.requests.length).toBeGreaterThan(before)); // the model call is in flight
      expect(await call('runtime:cancel-subagent', { id: started.value.id })).toEqual({ ok: true, value: { cancelled: true } });
      await core.subagents.wait(started.value.id);
      expect(core.subagents.get(started.value.id)?.stopReason).toBe('cancelled');
    });

    it('check answers like the tool', async () => {
      expect(await call('runtime:check', { key: 'max_iterations' })).toEqual({ ok: true, value: { key: 'max_iterations', text: 'max_iterations: 7', display: '7', value: 7 } });
      expect((await call('runtime:check', { key: 'secrets' })).error).toEqual({ code: 'forbidden', message: "Error: 'secrets' is not accessible" });
    });
  });

  describe('chat', () => {
    it('sends a message, answers with the turn id, and the history holds the answer', async () => {
      llm.enqueue({ text: ['Hi ', 'there'] });
      const finished = new Promise<string>((resolve) => {
        const off = core.events.on((e) => {
          if (e.type === 'turn.finished' && e.sessionKey === 'desktop:chat1') {
            off();
            resolve(e.turnId);
          }
        });
      });
      const sent = await call('chat:send', { sessionKey: 'desktop:chat1', text: 'hello' });
      expect(sent.ok).toBe(true);
      expect(sent.value.turnId).toMatch(/.+/);
      expect(await finished).toBe(sent.value.turnId);
      const history = (await call('chat:history', { sessionKey: 'desktop:chat1' })).value;
      expect(history.hasMore).toBe(false);
      expect(history.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
        ['user', 'hello'],
        ['assistant', 'Hi there'],
      ]);
    });

    it('ten messages queued on one chat each get the id of the turn that answers them', async () => {
      const answeredBy = new Map<string, string>();
      const done = new Promise<void>((resolve) => {
        const off = core.events.on((e) => {
          if (e.type === 'turn.finished' && e.sessionKey === 'desktop:queue') {
            answeredBy.set(e.turnId, e.text);
            if (answeredBy.size === 10) {
              off();
              resolve();
            }
          }
        });
      });
      llm.setFallback((request) => {
        const users = request.body.messages.filter((m: { role: string }) => m.role === 'user');
        return { text: `answer to ${/q\d/.exec(String(users.at(-1).content))?.[0]}` };
      });
      const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => call('chat:send', { sessionKey: 'desktop:queue', text: `q${i}` })));
      await done;
      llm.setFallback(undefined);
      const ids = sent.map((r) => r.value.turnId as string);
      expect(new Set(ids).size).toBe(10);
      ids.forEach((id, i) => expect(answeredBy.get(id)).toBe(`answer to q${i}`));
    });

    it('pages history backwards', async () => {
      ensureSession(core.db, 'desktop:many');
      for (let i = 1; i <= 5; i++) appendMessage(core.db, { sessionKey: 'desktop:many', role: 'user', content: `m${i}`, createdAt: i });
      const first = (await call('chat:history', { sessionKey: 'desktop:many', limit: 2 })).value;
      expect(first.messages.map((m: { content: string }) => m.content)).toEqual(['m4', 'm5']);
      expect(first.hasMore).toBe(true);
      const older = (await call('chat:history', { sessionKey: 'desktop:many', limit: 10, beforeId: first.messages[0].id })).value;
      expect(older.messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2', 'm3']);
      expect(older.hasMore).toBe(false);
    });

    it('searches messages with FTS5 (quotes and operators are treated as text)', async () => {
      ensureSession(core.db, 'desktop:search');
      appendMessage(core.db, { sessionKey: 'desktop:search', role: 'user', content: 'the quarterly report is due friday', createdAt: 10 });
      const hits = (await call('chat:search', { query: 'quarter' })).value.hits;
      expect(hits).toHaveLength(1);
      expect(hits[0]).toMatchObject({ sessionKey: 'desktop:search', role: 'user', snippet: 'the [quarterly] report is due friday' });
      expect((await call('chat:search', { query: '"unbalanced OR NEAR(' })).ok).toBe(true);
    });

    it('creates, renames, exports and deletes a session', async () => {
      const { sessionKey } = (await call('chat:new-session', { title: 'Plans' })).value;
      expect(sessionKey).toMatch(/^desktop:[0-9a-f]{12}$/);
      expect(await call('chat:rename-session', { sessionKey, title: 'Trip plans' })).toEqual({ ok: true, value: { sessionKey, title: 'Trip plans' } });
      appendMessage(core.db, { sessionKey, role: 'user', content: 'Book a train', createdAt: 1 });
      const exported = (await call('chat:export-markdown', { sessionKey })).value;
      expect(exported.filename).toBe('Trip-plans.md');
      expect(exported.markdown).toContain('# Trip plans');
      expect(exported.markdown).toContain('Book a train');
      // the window's words, each kept to its line: a break in one cannot start a heading of its own
      const worded = (await call('chat:export-markdown', { sessionKey, words: { title: 'Reiseplan\n# Injected', you: 'Ich', assistant: 'Nanotray', note: 'Exportiert.' } })).value;
      expect(worded.filename).toBe('Reiseplan-Injected.md');
      expect(worded.markdown.split('\n').slice(0, 3)).toEqual(['# Reiseplan # Injected', '', 'Exportiert.']);
      expect(worded.markdown).toMatch(/^## Ich — /m);
      expect((await call('chat:export-markdown', { sessionKey, words: { title: 'x', you: '', assistant: 'A', note: '' } })).error?.code).toBe('invalid_input');
      const listed = (await call('chat:list-sessions')).value.sessions.map((s: { key: string }) => s.key);
      expect(listed).toContain(sessionKey);
      expect(await call('chat:delete-session', { sessionKey })).toEqual({ ok: true, value: { deleted: true } });
      expect((await call('chat:export-markdown', { sessionKey })).error).toEqual({ code: 'not_found', message: `No session "${sessionKey}".` });
    });
  });

  describe('memory editor (workspace markdown only)', () => {
    it('reads, saves on the base version, and reports a conflict with both texts', async () => {
      const read = (await call('memory:read', { path: 'memory/NOTES.md' })).value;
      expect(read).toEqual({ path: 'memory/NOTES.md', content: '', version: 'missing' });
      const saved = await call('memory:write', { path: 'memory/NOTES.md', content: 'v1', baseVersion: '' });
      expect(saved.value.status).toBe('saved');
      writeFileSync(join(core.workspace(), 'memory', 'NOTES.md'), 'changed on disk');
      const conflict = await call('memory:write', { path: 'memory/NOTES.md', content: 'mine', baseVersion: saved.value.version });
      expect(conflict.value).toMatchObject({ status: 'conflict', theirs: 'changed on disk', yours: 'mine' });
      expect(readFileSync(join(core.workspace(), 'memory', 'NOTES.md'), 'utf8')).toBe('changed on disk');
    });

    it('keeps versions and reverts', async () => {
      const current = (await call('memory:read', { path: 'memory/NOTES.md' })).value;
      await call('memory:write', { path: 'memory/NOTES.md', content: 'v3', baseVersion: current.version });
      const versions = (await call('memory:versions', { path: 'memory/NOTES.md' })).value.versions;
      // Newest first: the text that "v3" replaced.
      const old = versions[0];
      expect(old).toMatchObject({ author: 'user', size: 'changed on disk'.length });
      const content = (await call('memory:read-version', { path: 'memory/NOTES.md', id: old.id })).value.content;
      expect(content).toBe('changed on disk');
      expect((await call('memory:revert', { path: 'memory/NOTES.md', id: old.id })).ok).toBe(true);
      expect(readFileSync(join(core.workspace(), 'memory', 'NOTES.md'), 'utf8')).toBe('changed on disk');
      expect((await call('memory:read-version', { path: 'SOUL.md', id: old.id })).error?.code).toBe('not_found');
    });

    it('refuses a symlink that leads out of the workspace', async () => {
      const outside = join(tmpdir(), `nanotray-outside-${process.pid}`);
      mkdirSync(outside, { recursive: true });
      writeFileSync(join(outside, 'secret.md'), 'outside');
      symlinkSync(outside, join(core.workspace(), 'escape'));
      const result = await call('memory:read', { path: 'escape/secret.md' });
      expect(result).toEqual({ ok: false, error: { code: 'forbidden', message: "Error: 'escape/secret.md' points outside the workspace" } });
      const write = await call('memory:write', { path: 'escape/secret.md', content: 'x', baseVersion: '' });
      expect(write.error?.code).toBe('forbidden');
      expect(readFileSync(join(outside, 'secret.md'), 'utf8')).toBe('outside');
    });
  });

  describe('app', () => {
    it('opens only http(s) links through the host', async () => {
      expect(await call('app:open-external', { url: 'https://example.test/a' })).toEqual({ ok: true, value: { opened: true } });
      expect((await call('app:open-external', { url: 'file:///etc/passwd' })).error?.code).toBe('invalid_input');
      expect(opened).toEqual(['https://example.test/a']);
    });

    it('runs slash commands and lists them', async () => {
      const list = (await call('commands:list')).value.commands.map((c: { name: string }) => c.name);
      expect(list).toContain('help');
      const ran = (await call('commands:run', { sessionKey: 'desktop:chat1', text: '/help' })).value;
      expect(ran.handled).toBe(true);
      expect(ran.output.length).toBeGreaterThan(0);
    });

    it('reports heartbeat, cron and mcp status', async () => {
      const hb = (await call('heartbeat:status')).value;
      expect(hb).toMatchObject({ enabled: false, paused: false, lastRun: null });
      const job = (await call('cron:add', { name: 'standup', message: 'Stand up', schedule: { kind: 'every', everySeconds: 3600 } })).value;
      expect(job).toMatchObject({ name: 'standup', message: 'Stand up', schedule: { kind: 'every', everySeconds: 3600 }, enabled: true });
      expect((await call('cron:list')).value.jobs.map((j: { id: string }) => j.id)).toContain(job.id);
      const edited = await call('cron:update', { id: job.id, name: 'standup', message: 'Stand up, stretch', schedule: { kind: 'cron', expr: '0 8 * * 1-5', tz: 'Europe/Berlin' } });
      expect(edited.value).toMatchObject({ id: job.id, message: 'Stand up, stretch', schedule: { kind: 'cron', expr: '0 8 * * 1-5', tz: 'Europe/Berlin' } });
      const badZone = await call('cron:update', { id: job.id, name: 'standup', message: 'x', schedule: { kind: 'cron', expr: '0 8 * * *', tz: 'Mars/Base' } });
      expect(badZone.error).toEqual({ code: 'invalid_input', message: "Error: unknown timezone 'Mars/Base'" });
      expect((await call('cron:update', { id: job.id, name: 'standup', message: 'x', schedule: { kind: 'every' } })).error?.code).toBe('invalid_input');
      expect(await call('cron:remove', { id: job.id })).toEqual({ ok: true, value: { removed: true } });
      expect((await call('cron:update', { id: job.id, name: 'standup', message: 'x', schedule: { kind: 'every', everySeconds: 60 } })).error?.code).toBe('not_found');
      expect((await call('cron:remove', { id: job.id })).error?.code).toBe('not_found');
      expect((await call('mcp:status')).value.servers.map((s: { name: string }) => s.name)).toEqual(['gh']);
    });
  });
});

describe('settings in a host without the desktop keychain', () => {
  it('says which keys were encrypted by the desktop app and cannot be used', async () => {
    const home = makeTempHome({ providers: { openai: { apiKey: 'enc:v1:c2VhbGVk' }, local: { apiKey: 'plain-key-123456' } } });
    const created = createCore({ host: 'web', home: home.home, env: {} });
    if (!created.ok) throw new Error(created.error);
    try {
      const dispatch = createDispatcher(createApiHandlers(created.value, headlessHost('web')), { logError: () => undefined });
      const result = (await dispatch('settings:get', undefined)) as Answer;
      expect(result.value.notes).toEqual([
        'API keys are stored in config.json (file mode 0600).',
        "The API key of openai was encrypted by the desktop app's keychain and cannot be used here; enter it again to use it in this host.",
      ]);
    } finally {
      await created.value.dispose();
      home.cleanup();
    }
  });
});

describe('a key the desktop keychain can no longer decrypt', () => {
  it('does not stop the start: that provider is marked "key needs re-entering", the others work', async () => {
    const home = makeTempHome({ providers: { openai: { apiKey: 'enc:v1:c2VhbGVk' }, local: { apiKey: 'sealed:plain-key-123456' } }, agent: { provider: 'openai' } });
    // What safeStorage does when the keyring changed: decryptString throws.
    const decodeSecret = (s: string): string => {
      if (s.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return s.startsWith('sealed:') ? s.slice('sealed:'.length) : s;
    };
    const created = createCore({ host: 'electron', home: home.home, env: {}, decodeSecret });
    if (!created.ok) throw new Error(created.error);
    const core = created.value;
    try {
      const host: ApiHost = { ...headlessHost('electron', '1.0.0'), secrets: { mode: 'encrypted', encode: (plain) => `sealed:${plain}` } };
      const dispatch = createDispatcher(createApiHandlers(core, host), { logError: () => undefined });
      const { value } = (await dispatch('settings:get', undefined)) as Answer;
      expect(value.config.providers.openai).toEqual({ apiKey: '', hasApiKey: true, keyNeedsReentry: true, headers: {} });
      expect(value.config.providers.local).toEqual({ apiKey: '…3456', hasApiKey: true, headers: {} });
      expect(value.notes).toEqual([
        "The API key of openai can no longer be decrypted with this computer's keychain (it was changed, reset or is locked). Enter the key again to use it.",
      ]);
      expect(core.providerFor('openai')).toMatchObject({ ok: false, error: { kind: 'auth' } });
      expect(core.providerFor('local').ok).toBe(true);
      // Typed again, the key is stored (encoded) and the mark goes.
      const saved = (await dispatch('settings:update', { patch: { providers: { openai: { apiKey: 'sk-new-key-000111' } } } })) as Answer;
      expect(saved.error).toBeUndefined();
      expect(saved.value.config.providers.openai).toEqual({ apiKey: '…0111', hasApiKey: true, headers: {} });
      expect(core.providerFor('openai').ok).toBe(true);
    } finally {
      await core.dispose();
      home.cleanup();
    }
  });
});
