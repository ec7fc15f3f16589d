// Small pure helpers of the renderer: announcements, slash matching, cron form, file tree, formatting, theme.
import { describe, expect, it } from 'vitest';
import { nextAnnouncement } from '../../src-renderer/src/features/chat/announce';
import { matchCommands, slashQuery } from '../../src-renderer/src/features/chat/slash';
import { typingArgument } from '../../src-renderer/src/features/chat/argument-suggestions';
import { userScrolledUp } from '../../src-renderer/src/features/chat/use-stick-to-bottom';
import { buildTree } from '../../src-renderer/src/features/memory/file-tree';
import { cronFormValuesOf, parseCronForm } from '../../src-renderer/src/features/runtime/cron-form';
import { compactNumber, dayGroup, duration, exportFileName, relativeTime } from '../../src-renderer/src/lib/format';
import { resolveTheme } from '../../src-renderer/src/lib/theme';
import { foldDiff } from '../../src-renderer/src/lib/merge';
import { fixForTurnError } from '../../src-renderer/src/state/error-fixes';
import { sortSessions } from '../../src-renderer/src/state/sessions-slice';

describe('renderer helpers', () => {
  it('tells the user scrolling up from rows being measured or shrunk above the view', () => {
    const at = { top: 1000, height: 2000 };
    expect(userScrolledUp(at, { top: 700, height: 2000 }, false)).toBe(true); // keys, scroll bar, a script
    expect(userScrolledUp(at, { top: 1000, height: 2600 }, false)).toBe(false); // rows measured taller
    expect(userScrolledUp(at, { top: 940, height: 1940 }, false)).toBe(false); // a row above shrank
    expect(userScrolledUp(at, { top: 700, height: 2100 }, true)).toBe(true); // wheel while the answer grows
    expect(userScrolledUp(at, { top: 1200, height: 2000 }, true)).toBe(false); // down is never "away"
  });

  it('announces whole sentences while streaming and the rest at the end', () => {
    expect(nextAnnouncement('Hello there', 0, false)).toBeNull();
    expect(nextAnnouncement('Hello there. How are', 0, false)).toEqual({ text: 'Hello there.', end: 12 });
    expect(nextAnnouncement('你好。我们开始吧', 0, false)).toEqual({ text: '你好。', end: 3 });
    expect(nextAnnouncement('版本 3.5 很好', 0, false)).toBeNull();
    expect(nextAnnouncement('Hello there. How are you', 12, true)).toEqual({ text: 'How are you', end: 24 });
  });

  it('matches slash commands by prefix, then by substring', () => {
    const cmds = [
      { name: 'help', description: '' },
      { name: 'new', description: '' },
      { name: 'heartbeat', description: '' },
      { name: 'sessions', description: '' },
    ];
    expect(slashQuery('/he')).toBe('he');
    expect(slashQuery('/help me')).toBeNull();
    expect(slashQuery('hello')).toBeNull();
    // An MCP prompt's command: `<server>:<prompt>`.
    expect(slashQuery('/Notes:Sum')).toBe('notes:sum');
    expect(typingArgument('/notes:summarise ma')).toBe(true);
    expect(typingArgument('/notes:summarise')).toBe(false);
    expect(typingArgument('/model fast\nmore')).toBe(false);
    expect(matchCommands(cmds, 'he').map((c) => c.name)).toEqual(['help', 'heartbeat']);
    expect(matchCommands(cmds, 'ss').map((c) => c.name)).toEqual(['sessions']);
  });

  it('turns the cron form into a schedule or explains the problem', () => {
    expect(parseCronForm({ name: 'News', message: 'Summarise news', kind: 'every', value: '90', tz: '' })).toEqual({ ok: true, schedule: { kind: 'every', everySeconds: 5400 } });
    expect(parseCronForm({ name: 'W', message: 'm', kind: 'cron', value: '0 9 * * 1-5', tz: 'Europe/Berlin' })).toEqual({
      ok: true,
      schedule: { kind: 'cron', expr: '0 9 * * 1-5', tz: 'Europe/Berlin' },
    });
    expect(parseCronForm({ name: '', message: '', kind: 'cron', value: '0 9 *', tz: '' })).toEqual({
      ok: false,
      errors: {
        name: 'Give the job a name.',
        message: 'Say what the agent should do each time.',
        value: 'A cron expression has 5 fields (minute hour day month weekday), e.g. 0 9 * * 1-5.',
      },
    });
  });

  it('fills the cron form from a job to edit, and reads the same schedule back', () => {
    const job = { id: 'a1', name: 'News', message: 'Summarise', sessionKey: 'desktop:x', enabled: true, lastStatus: null, lastError: null, lastRunAt: null, nextRunAt: null, consecutiveErrors: 0, createdAt: 0, scheduleText: '', running: false };
    const at = new Date(2026, 4, 1, 9, 30).toISOString();
    for (const schedule of [{ kind: 'every', everySeconds: 5400 }, { kind: 'cron', expr: '0 9 * * 1-5', tz: 'Europe/Berlin' }, { kind: 'at', at }] as const) {
      const values = cronFormValuesOf({ ...job, schedule });
      expect(values).toMatchObject({ name: 'News', message: 'Summarise', kind: schedule.kind });
      expect(parseCronForm(values)).toEqual({ ok: true, schedule });
    }
    expect(cronFormValuesOf({ ...job, schedule: { kind: 'at', at } }).value).toBe('2026-05-01T09:30');
  });

  it('groups workspace files: bootstrap files in order, then memory, skills, others', () => {
    const f = (path: string) => ({ path, size: 1, mtimeMs: 1 });
    const tree = buildTree([f('skills/web/SKILL.md'), f('USER.md'), f('notes/x.md'), f('memory/MEMORY.md'), f('AGENTS.md'), f('HEARTBEAT.md')]);
    expect(tree.map((g) => [g.label, g.files.map((x) => x.path)])).toEqual([
      ['Workspace', ['AGENTS.md', 'USER.md', 'HEARTBEAT.md']],
      ['Memory', ['memory/MEMORY.md']],
      ['Skills', ['skills/web/SKILL.md']],
      ['notes', ['notes/x.md']],
    ]);
  });

  it('formats times, durations and counts', () => {
    expect(relativeTime(1_000_000 - 10_000, 1_000_000)).toBe('just now');
    expect(relativeTime(1_000_000 - 5 * 60_000, 1_000_000)).toBe('5 min ago');
    expect(relativeTime(1_000_000 + 10 * 60_000, 1_000_000)).toBe('in 10 min');
    expect(duration(850)).toBe('850 ms');
    expect(duration(1234)).toBe('1.2 s');
    expect(duration(125_000)).toBe('2 min 5 s');
    expect(compactNumber(12_345)).toBe('12K');
    expect(exportFileName('Trip: Rome / 2026!')).toBe('Trip-Rome-2026.md');
    const noon = new Date(2026, 10, 29, 12, 0).getTime();
    expect(dayGroup(noon - 60_000, noon)).toBe('Today');
    expect(dayGroup(new Date(2026, 10, 28, 23, 0).getTime(), noon)).toBe('Yesterday');
    expect(dayGroup(new Date(2026, 10, 25, 9, 0).getTime(), noon)).toBe('This week');
    expect(dayGroup(new Date(2026, 8, 3, 9, 0).getTime(), noon)).toBe('September 2026');
  });

  it('resolves the theme and sorts sessions newest first', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    const s = (key: string, updatedAt: number) => ({ key, channel: 'desktop', title: key, createdAt: 0, updatedAt, busy: false });
    expect(sortSessions([s('a', 1), s('b', 3), s('c', 2)]).map((x) => x.key)).toEqual(['b', 'c', 'a']);
  });

  it('sends provider/key problems to settings, other failures to retry (by kind, never by text)', () => {
    expect(fixForTurnError('network')).toBe('settings');
    expect(fixForTurnError('auth')).toBe('settings');
    expect(fixForTurnError('no_provider')).toBe('settings');
    expect(fixForTurnError('max_tokens')).toBe('settings');
    expect(fixForTurnError('timeout')).toBe('retry');
    expect(fixForTurnError('rate_limit')).toBe('retry');
    expect(fixForTurnError(undefined)).toBe('retry');
  });
});

describe('subagents text', () => {
  it('reads the policy text into rows', async () => {
    const { parseSubagents, isFinished } = await import('../../src-renderer/src/features/runtime/subagents-text');
    const text = [
      '2 subagent(s):',
      "  [sa-1] 'Research flights'",
      '    phase: running, iteration: 3, elapsed: 12.5s',
      '    tools: web_search(ok), web_fetch(ok)',
      '    usage: {"prompt_tokens":100}',
      "  [sa-2] 'Summarise notes'",
      '    phase: done, iteration: 2, elapsed: 4.0s',
      '    tools: none',
      '    usage: n/a',
      '    stop_reason: completed',
    ].join('\n');
    const rows = parseSubagents(text);
    expect(rows).toEqual([
      { id: 'sa-1', label: 'Research flights', phase: 'running', iteration: 3, elapsedSeconds: 12.5, tools: 'web_search(ok), web_fetch(ok)', stopReason: null, error: null },
      { id: 'sa-2', label: 'Summarise notes', phase: 'done', iteration: 2, elapsedSeconds: 4, tools: 'none', stopReason: 'completed', error: null },
    ]);
    expect(rows.map(isFinished)).toEqual([false, true]);
    expect(parseSubagents('{}')).toEqual([]);
  });
});

describe('runtime slice: subagent cancel and usage today', () => {
  it('cancels through runtime.cancelSubagent with the id and shows a failure as a toast', async () => {
    const { makeFakeApi, ok } = await import('./fake-api');
    const { createAppStore } = await import('../../src-renderer/src/state/store');
    const base = makeFakeApi().api;
    const calls: unknown[] = [];
    let answer: unknown = ok({ cancelled: true });
    // The fake answers every method name through a proxy, so the runtime object is spelled out.
    const runtime = {
      check: async (input: { key: string }) => ok({ key: input.key, text: `${input.key}: {}`, display: '{}' }),
      set: async () => ok({ key: 'x', text: 'ok' }),
      presets: async () => ok({ presets: [], active: 'default' }),
      audit: async () => ok({ entries: [] }),
      overview: async () => ok({ entries: [], allowSet: true, usageToday: { promptTokens: 30, completionTokens: 12, totalTokens: 42 } }),
      cancelSubagent: async (input: unknown) => {
        calls.push(input);
        return answer;
      },
      network: async () => ok({ since: 0, hosts: [] }),
    };
    const deps = { frames: { request: () => 0, cancel: () => undefined }, now: () => 0, refreshDelayMs: 0 };
    const store = createAppStore({ ...deps, api: { ...base, runtime } as typeof base });
    await store.getState().cancelSubagent('sa-1');
    expect(calls).toEqual([{ id: 'sa-1' }]);
    await store.getState().loadRuntime();
    expect(store.getState().runtimeUsageToday).toEqual({ promptTokens: 30, completionTokens: 12, totalTokens: 42 });
    answer = { ok: false, error: { code: 'not_found', message: "No subagent task 'sa-9'." } };
    await store.getState().cancelSubagent('sa-9');
    expect(store.getState().toasts.map((t: { title: string }) => t.title)).toContain('Could not cancel the subagent');
  });
});

describe('foldDiff', () => {
  it('folds long unchanged runs to three lines of context around each change', () => {
    const same = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'same' as const, text: `s${i}` }));
    const rows = foldDiff([...same(10), { kind: 'add', text: 'new' }, ...same(10)]);
    expect(rows.map((r) => ('count' in r ? `…${r.count}` : r.text))).toEqual(['…7', 's7', 's8', 's9', 'new', 's0', 's1', 's2', '…7']);
    expect(foldDiff(same(3))).toHaveLength(1);
    expect(foldDiff([{ kind: 'del', text: 'a' }, ...same(7), { kind: 'add', text: 'b' }])).toHaveLength(9);
  });
});
