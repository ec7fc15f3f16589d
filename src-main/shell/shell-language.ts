// The language the desktop shell speaks (tray, notifications): the user's choice in Settings (`ui.language`), else
// the first language of the OS's list that Nanotray speaks, else English — the window's rule (contract/languages.ts).
import { app } from 'electron';
import { resolveLanguage, type Language, type LanguageSetting } from '../../src-preload/contract/languages';

/** The OS's preferred languages, most preferred first (empty when Electron cannot tell). */
function systemLanguages(): readonly string[] {
  try {
    const list = app.getPreferredSystemLanguages();
    return list.length ? list : [app.getLocale()];
  } catch {
    return [];
  }
}

/** The shell's language for a `ui.language` setting. */
export function shellLanguage(setting: LanguageSetting): Language {
  return resolveLanguage(setting, systemLanguages());
}
