// Which catalogue language to show: the Settings choice, else the first supported system/browser language.

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export type LanguageSetting = 'system' | Language;

/** The first of the system's preferred languages that Nanotray speaks; English otherwise. */
export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((l) => l === primary);
    if (match) return match;
  }
  return 'en';
}

export function resolveLanguage(setting: LanguageSetting, preferred: readonly string[]): Language {
  return setting === 'system' ? systemLanguage(preferred) : setting;
}

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
