// The i18next instance the window and quick ask share: English is bundled (the fallback); Chinese loads as the page
// starts when it is the language shown (the entries render once `catalogueReady` is in: no flash of English), else when
// Settings switches to it; the language follows the system unless Settings picks one, and `<html lang>` follows it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, loadCatalogue } from './catalogues';
import { localeTag, preferredLanguages, rememberLanguage, rememberedLanguage, resolveLanguage, type Language, type LanguageSetting } from './language';

export const i18n = i18next.createInstance();

const firstLanguage = resolveLanguage(rememberedLanguage(), preferredLanguages());

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: firstLanguage,
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh'],
  defaultNS: 'translation',
  initAsync: false,
  // React escapes what it renders; escaping here too would show `&amp;` in file names.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Settles once the first language's catalogue is in (Chinese: fetched as this module loads, beside the window's first
 * fetches): the entries render, and show a start-up error, after it. If it cannot be fetched, English shows.
 */
export const catalogueReady: Promise<void> =
  firstLanguage === 'en'
    ? Promise.resolve()
    : loadCatalogue(firstLanguage).then(
        (catalogue) => {
          i18n.addResourceBundle(firstLanguage, 'translation', catalogue);
        },
        () => undefined,
      );

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

/** Counts language changes, so a catalogue that arrives after a newer change does not switch back to it. */
let changes = 0;

/**
 * Applies the Settings choice (`system` follows the browser/OS) and remembers it for the next first paint. A language
 * not loaded yet is fetched first, the current one staying on screen meanwhile; if it cannot be fetched, the current
 * one stays (the choice is remembered: the next start shows it).
 */
export async function applyLanguage(setting: LanguageSetting): Promise<void> {
  rememberLanguage(setting);
  const change = ++changes;
  const next = resolveLanguage(setting, preferredLanguages());
  if (!i18n.hasResourceBundle(next, 'translation')) {
    const catalogue = await loadCatalogue(next).catch(() => null);
    if (!catalogue) return;
    i18n.addResourceBundle(next, 'translation', catalogue);
  }
  if (change !== changes) return;
  if (next !== i18n.language) await i18n.changeLanguage(next);
  setDocumentLanguage();
}

setDocumentLanguage();
if (typeof window !== 'undefined') {
  window.addEventListener('languagechange', () => {
    if (rememberedLanguage() === 'system') void applyLanguage('system');
  });
}
