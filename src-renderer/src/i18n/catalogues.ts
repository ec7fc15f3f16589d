// The catalogues: English is in the window's first load (the fallback, and the source of the keys); Chinese is its own
// chunk, loaded as the page starts when it is the language shown, else when Settings switches to it.
import type { Translation } from './catalogue-types';
import { en } from './en';
import type { Language } from './language';

/** A whole catalogue (English, or a translation of it). */
export type Catalogue = Translation<typeof en>;

export { en };

/** Loads one language's catalogue (a rejected promise when its chunk cannot be fetched). */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  return language === 'zh' ? import('./zh').then((m) => m.zh) : Promise.resolve(en);
}
