// The i18next instance the window and quick ask share: both catalogues are bundled (no flash, no loading
// state), the language follows the system unless Settings picks one, and `<html lang>` follows it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources';
import { localeTag, preferredLanguages, rememberLanguage, rememberedLanguage, resolveLanguage, type Language, type LanguageSetting } from './language';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: resolveLanguage(rememberedLanguage(), preferredLanguages()),
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh'],
  defaultNS: 'translation',
  initAsync: false,
  // React escapes what it renders; escaping here too would show `&amp;` in file names.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Translates a catalogue key now (state slices, formatters); components use `useTranslation()` to re-render. */
export const t = i18n.t.bind(i18n);

/** The language now shown. */
export function currentLanguage(): Language {
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/** The locale tag for Intl formatting of dates and numbers in the current language. */
export function currentLocale(): string {
  return localeTag(currentLanguage(), preferredLanguages());
}

function setDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLocale();
}

/** Applies the Settings choice (`system` follows the browser/OS) and remembers it for the next first paint. */
export function applyLanguage(setting: LanguageSetting): void {
  rememberLanguage(setting);
  const next = resolveLanguage(setting, preferredLanguages());
  if (next !== i18n.language) void i18n.changeLanguage(next);
  setDocumentLanguage();
}

setDocumentLanguage();
if (typeof window !== 'undefined') {
  window.addEventListener('languagechange', () => {
    if (rememberedLanguage() === 'system') applyLanguage('system');
  });
}
