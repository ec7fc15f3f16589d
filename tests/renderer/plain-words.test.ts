// The runtime panel in plain words: the `my` snapshot's values read as sentences, never as JSON or quoted strings.
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../src-renderer/src/i18n/i18n';
import { plainLabel, plainValue } from '../../src-renderer/src/features/runtime/plain-words';
import { dollars, usageLine, usageSplit } from '../../src-renderer/src/lib/usage-text';

describe('runtime panel in plain words', () => {
  it('describes every value without JSON', async () => {
    await applyLanguage('en');
    expect(plainValue('model', 'fake-model')).toBe('fake-model');
    expect(plainValue('_current_iteration', 0)).toBe('none now');
    expect(plainValue('_current_iteration', 3)).toBe('step 3');
    expect(plainValue('provider_retry_mode', 'standard')).toBe('tries again a few times, waiting longer each time');
    expect(plainValue('max_tool_result_chars', 16000)).toBe('16,000 characters');
    expect(plainValue('web_config', { enable: true, proxy: '<configured>', allow_private_hosts: ['nas.local'], search: { provider: 'duckduckgo', max_results: 5 } })).toBe(
      'on · search with duckduckgo (5 results) · through a proxy · 1 host on your network allowed',
    );
    expect(plainValue('web_config', { enable: false })).toBe('off');
    expect(plainValue('exec_config', { enable: true, timeout: 60, deny_patterns: ['rm'], allow_patterns: [], allowed_env_keys: ['GH_HOST', 'LANG'] })).toBe(
      'on · stopped after 60 s · 1 pattern refused · 2 environment variables passed on',
    );
    expect(plainLabel('web_config')).toBe('Web search and pages');
    expect(plainValue('exec_config', undefined)).toBe('—');
  });

  it('says tokens and cost the way people read them, in both languages', async () => {
    await applyLanguage('en');
    const usage = { promptTokens: 1100, completionTokens: 134, totalTokens: 1234, cost: 0.00065 };
    expect(usageLine(usage, 'en-US')).toBe('1,234 tokens · $0.00065');
    expect(usageLine({ ...usage, cost: undefined }, 'en-US')).toBe('1,234 tokens');
    expect(usageSplit(usage, 'en-US')).toBe('1,100 sent · 134 received');
    expect(dollars(12.5, 'en-US')).toBe('$12.50');
    await applyLanguage('zh');
    expect(usageLine(usage, 'zh-CN')).toBe('1,234 个 token · US$0.00065');
    expect(plainValue('_current_iteration', 2)).toBe('第 2 步');
    await applyLanguage('en');
  });
});
