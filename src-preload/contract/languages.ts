// The languages Nanotray speaks and how the one shown is chosen: the Settings choice (`ui.language`), else the
// first supported system/browser language, else English. Shared by the window and the desktop shell.

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
/** `ui.language`: `system` follows the OS (the shell) or the browser (the window). */
export type LanguageSetting = 'system' | Language;

/** The first of the system's preferred languages (BCP 47 tags, `zh-Hans-CN`, `en_GB`) that Nanotray speaks; English otherwise. */
export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((l) => l === primary);
    if (match) return match;
  }
  return 'en';
}

/** The language to show for a setting, given the system's preferred languages. */
export function resolveLanguage(setting: LanguageSetting, preferred: readonly string[]): Language {
  return setting === 'system' ? systemLanguage(preferred) : setting;
}
