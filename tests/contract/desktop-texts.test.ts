// The desktop catalogue (tray, notifications, shortcut problems): every Chinese text has exactly the values of its
// English one and is really translated; references are worded per language; a `notify` report words Nanotray's
// parts and keeps the rest (what the agent wrote) as it came; the language rule is the window's.
import { describe, expect, it } from 'vitest';
import { DESKTOP_TEXT_KEYS, desktopText, valueNamesOf, wordRef } from '../../src-preload/contract/desktop-texts';
import { desktopTextRefSchema } from '../../src-preload/contract/desktop-text-schema';
import { notifyWords } from '../../src-preload/contract/notify-words';
import { resolveLanguage } from '../../src-preload/contract/languages';
import { coreEventSchema } from '../../src-preload/contract/event-schemas';
import { heartbeatReasonText } from '../../src-preload/contract/heartbeat-reason-text';

describe('desktop texts', () => {
  it('every Chinese text has the values of its English one', () => {
    for (const key of DESKTOP_TEXT_KEYS) expect({ key, names: valueNamesOf('zh', key) }).toEqual({ key, names: valueNamesOf('en', key) });
  });

  it('Chinese texts are translated (only names and punctuation may stay as in English)', () => {
    const same = DESKTOP_TEXT_KEYS.filter((key) => wordRef('zh', { key }) === wordRef('en', { key }));
    expect(same).toEqual(['tooltip.status']);
  });

  it('fills values and words references per language', () => {
    expect(desktopText('en', 'tray.runsIn', { label: 'nanotray daemon', pid: 42 })).toBe('Runs in nanotray daemon (pid 42)');
    expect(desktopText('zh', 'tray.runsIn', { label: 'nanotray daemon', pid: 42 })).toBe('在 nanotray daemon 中运行（pid 42）');
    expect(wordRef('zh', { key: 'notify.cronFailed', values: { job: '{{job}}' } })).toBe('定时任务“{{job}}”失败');
  });

  it('a notify report: Nanotray\'s parts worded, the rest as sent; without references, as sent', () => {
    const event = { title: "Cron job 'digest' failed", body: 'HTTP 500', text: { title: { key: 'notify.cronFailed' as const, values: { job: 'digest' } } } };
    expect(notifyWords(event, 'zh')).toEqual({ title: '定时任务“digest”失败', body: 'HTTP 500' });
    expect(notifyWords(event, 'en')).toEqual({ title: "Cron job 'digest' failed", body: 'HTTP 500' });
    expect(notifyWords({ title: 'Nanotray', body: 'hi' }, 'zh')).toEqual({ title: 'Nanotray', body: 'hi' });
  });

  it('the event schema takes references with known keys only', () => {
    const notify = { type: 'notify', title: 't', body: 'b', sessionKey: 's', kind: 'cron' };
    expect(coreEventSchema.safeParse({ ...notify, text: { body: { key: 'notify.cronRanBody' } } }).success).toBe(true);
    expect(coreEventSchema.safeParse({ ...notify, text: { body: { key: 'no.such.text' } } }).success).toBe(false);
    expect(desktopTextRefSchema.safeParse({ key: 'tray.quit', values: { x: {} } }).success).toBe(false);
  });

  it('chooses the language like the window: the setting, else the first spoken system language, else English', () => {
    expect(resolveLanguage('zh', ['en-US'])).toBe('zh');
    expect(resolveLanguage('system', ['de-DE', 'zh_CN'])).toBe('zh');
    expect(resolveLanguage('system', ['de-DE'])).toBe('en');
  });
});

describe('heartbeat reasons', () => {
  it('are worded per language, with their values', () => {
    const reason = { code: 'budget_spent', spent: 200, budget: 150 } as const;
    expect(heartbeatReasonText('en', reason)).toBe('daily token budget spent (200 of 150 tokens)');
    expect(heartbeatReasonText('zh', reason)).toBe('今日令牌预算已用完（已用 200，共 150）');
    expect(heartbeatReasonText('zh', { code: 'no_active_tasks' })).toBe('HEARTBEAT.md 中没有进行中的任务');
    expect(heartbeatReasonText('en', { code: 'none' })).toBe('');
  });
});
