// The i18n catalogue: English and Chinese have the same keys, placeholders and markup; Chinese is translated;
// the language follows the system unless Settings picks one; no JSX text escapes the catalogue.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, t } from '../../src-renderer/src/i18n/i18n';
import { localeTag, resolveLanguage, systemLanguage } from '../../src-renderer/src/i18n/language';
import { en } from '../../src-renderer/src/i18n/en';
import { zh } from '../../src-renderer/src/i18n/zh';
import { findJsxLiterals, findJsxLiteralsIn } from './helpers/jsx-literals';

const ROOT = join(__dirname, '../..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `area.group.key` → text, for every leaf of a catalogue. */
function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as object, path)) out.set(k, v);
  }
  return out;
}

/** Keys with plural forms folded into one (`x_one`, `x_other` → `x`): Chinese has one form, English two. */
function keySet(tree: object): Set<string> {
  return new Set([...flatten(tree).keys()].map((k) => k.replace(PLURAL, '')));
}

/** `{{name}}` placeholders and `<tag>` names, sorted: a translation must keep every one of them. */
function markers(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`);
  return [...new Set(names)].sort();
}

/** Texts that are the same in every language: names of the product and of the languages themselves (templates
 * made only of `{{values}}` and punctuation are skipped anyway). */
const SAME_IN_ALL = new Set(['common.app.name', 'settings.languageNames.en', 'settings.languageNames.zh']);

describe('i18n catalogue', () => {
  const enFlat = flatten(en);
  const zhFlat = flatten(zh);

  it('English and Chinese have the same keys', () => {
    const enKeys = keySet(en);
    const zhKeys = keySet(zh);
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect(enKeys.size).toBeGreaterThan(100);
  });

  it('every Chinese plural has the `_other` form i18next uses for Chinese', () => {
    const plurals = [...enFlat.keys()].filter((k) => k.endsWith('_one')).map((k) => k.replace(PLURAL, ''));
    expect(plurals.filter((k) => !zhFlat.has(`${k}_other`))).toEqual([]);
  });

  it('a translation keeps every placeholder and tag of the English text', () => {
    const mismatched = [...zhFlat].flatMap(([key, text]) => {
      const source = enFlat.get(key) ?? enFlat.get(key.replace(PLURAL, '_other')) ?? '';
      return markers(source).join() === markers(text).join() ? [] : [`${key}: ${markers(source).join()} ≠ ${markers(text).join()}`];
    });
    expect(mismatched).toEqual([]);
  });

  it('Chinese is translated: no empty text and no English copied over', () => {
    const wording = (text: string) => /\p{L}/u.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''));
    const untranslated = [...zhFlat]
      .filter(([key, text]) => !text.trim() || (text === enFlat.get(key) && wording(text) && !SAME_IN_ALL.has(key)))
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it('t() picks the language, interpolates and pluralises', async () => {
    await applyLanguage('en');
    expect(t('common.views.changesToReview', { count: 1 })).toBe('1 change to review');
    expect(t('common.views.changesToReview', { count: 3 })).toBe('3 changes to review');
    expect(t('chat.row.deleteBody', { title: 'A & B <x>' })).toBe('“A & B <x>” and all its messages will be removed. This cannot be undone.');
    await applyLanguage('zh');
    expect(t('common.views.changesToReview', { count: 1 })).toBe('1 项修改待审阅');
    expect(t('chat.composer.send')).toBe('发送');
    await applyLanguage('en');
  });
});

describe('language choice', () => {
  it.each([
    [['zh-CN', 'en-US'], 'zh'],
    [['zh-TW'], 'zh'],
    [['de-DE', 'zh-Hans-CN', 'en'], 'zh'],
    [['en-GB', 'zh-CN'], 'en'],
    [['fr-FR', 'de'], 'en'],
    [[], 'en'],
  ] as const)('system languages %j → %s', (preferred, expected) => {
    expect(systemLanguage(preferred)).toBe(expected);
  });

  it('the Settings choice wins over the system', () => {
    expect(resolveLanguage('en', ['zh-CN'])).toBe('en');
    expect(resolveLanguage('zh', ['en-US'])).toBe('zh');
    expect(resolveLanguage('system', ['zh-CN'])).toBe('zh');
  });

  it('dates use the English region the user has, and zh-CN for Chinese', () => {
    expect(localeTag('en', ['de-DE', 'en-GB'])).toBe('en-GB');
    expect(localeTag('en', ['fr-FR'])).toBe('en');
    expect(localeTag('zh', ['en-US'])).toBe('zh-CN');
  });
});

describe('no JSX text outside the catalogue', () => {
  it('the check finds text nodes, text attributes, phrases and shown string literals', () => {
    const source = `
      export const A = () => (
        <div title="Hover text" className="a b" data-x="some thing">
          Hello there
          <Field label="Name" tone="warn" />
          <input placeholder={'Type here'} aria-label={busy ? 'Busy' : t('k')} />
          <input placeholder="https://api.example.com/v1" title="sk-…" />
          {open ? 'Open' : null}
          {\`\${n} items\`}
          <kbd>Enter</kbd> · {count} ·
          <span aria-hidden="true">n</span>
          <span className="mono">model_preset</span>
          {t('chat.composer.send')}
        </div>
      );`;
    expect(findJsxLiterals(source, 'x.tsx').map((l) => l.text)).toEqual(['Hover text', 'Hello there', 'Name', 'Type here', 'Busy', 'Open', 'items']);
  });

  it('every component takes its words from the catalogue', () => {
    const escaped = findJsxLiteralsIn(join(ROOT, 'src-renderer/src'), ROOT).map((l) => `${l.file}:${l.line} ${JSON.stringify(l.text)}`);
    expect(escaped).toEqual([]);
  });
});
