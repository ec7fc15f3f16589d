// Which catalogue language to show: the Settings choice, else the first supported browser language (the rule itself
// is contract/languages.ts, shared with the desktop shell); remembered for the first paint.
import type { Language, LanguageSetting } from '@contract/languages';

export { LANGUAGES, resolveLanguage, systemLanguage, type Language, type LanguageSetting } from '@contract/languages';

/** The BCP 47 tag for `<html lang>` and Intl (dates, numbers): keeps the user's English region (en-GB dates). */
export function localeTag(language: Language, preferred: readonly string[]): string {
  if (language === 'zh') return 'zh-CN';
  return preferred.find((t) => t.toLowerCase().startsWith('en')) ?? 'en';
}

/** The browser's preferred languages (none under Node, where the tests run). */
export function preferredLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  if (nav?.languages?.length) return nav.languages;
  return nav?.language ? [nav.language] : [];
}

const STORAGE_KEY = 'nanotray.language';

/** The last language setting used, so the first paint is already in the right language. */
export function rememberedLanguage(): LanguageSetting {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return v === 'system' || v === 'en' || v === 'zh' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function rememberLanguage(setting: LanguageSetting): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, setting);
  } catch {
    /* storage unavailable: only the first paint is affected */
  }
}
