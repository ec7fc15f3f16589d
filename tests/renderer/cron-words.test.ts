// Cron schedules in words, English and Chinese: the common shapes read as sentences with their time zone; anything
// else is left to the expression itself (null), never guessed.
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../src-renderer/src/i18n/i18n';
import { cronExprInWords, scheduleInWords } from '../../src-renderer/src/features/runtime/cron-words';

describe('cron schedules in words', () => {
  it('says the common shapes in English', async () => {
    await applyLanguage('en');
    expect(scheduleInWords({ kind: 'cron', expr: '0 8 * * 1-5', tz: 'Europe/Berlin' })).toBe('Weekdays at 08:00 (Europe/Berlin)');
    expect(cronExprInWords('30 7 * * *')).toBe('Every day at 07:30');
    expect(cronExprInWords('0 10 * * 0,6')).toBe('Weekends at 10:00');
    expect(cronExprInWords('0 9 * * 1,3')).toBe('Every Monday and Wednesday at 09:00');
    expect(cronExprInWords('0 9 * * 7')).toBe('Every Sunday at 09:00');
    expect(cronExprInWords('15 6 1 * *')).toBe('Monthly on day 1 at 06:15');
    expect(cronExprInWords('*/15 * * * *')).toBe('Every 15 minutes');
    expect(cronExprInWords('* * * * *')).toBe('Every minute');
    expect(cronExprInWords('5 * * * *')).toBe('Every hour at :05');
    expect(cronExprInWords('0 */2 * * *')).toBe('Every 2 hours at :00');
    expect(scheduleInWords({ kind: 'every', everySeconds: 3600 })).toBe('Every hour');
    expect(scheduleInWords({ kind: 'every', everySeconds: 300 })).toBe('Every 5 minutes');
  });

  it('leaves what it cannot say to the expression', async () => {
    await applyLanguage('en');
    for (const expr of ['0 9 * 1 *', '0 9 1 * 1', '0 9-17 * * *', '0 9 * * MON', '61 9 * * *', '0 9 *']) expect(cronExprInWords(expr)).toBeNull();
    expect(scheduleInWords({ kind: 'every', everySeconds: 90 })).toBeNull();
    expect(scheduleInWords({ kind: 'at', at: '2026-05-01T07:30:00.000Z' })).toBeNull();
  });

  it('says them in Chinese', async () => {
    await applyLanguage('zh');
    expect(scheduleInWords({ kind: 'cron', expr: '0 8 * * 1-5', tz: 'Europe/Berlin' })).toBe('工作日 08:00（Europe/Berlin）');
    expect(cronExprInWords('0 9 * * 1,3')).toBe('每星期一和星期三 09:00');
    expect(cronExprInWords('*/15 * * * *')).toBe('每 15 分钟');
    await applyLanguage('en');
  });
});
