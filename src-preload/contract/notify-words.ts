// A `notify` report in the reader's language: Nanotray's own words from the desktop catalogue, the rest (what the
// agent wrote, a job's name, an error from elsewhere) as it came. Used by the desktop shell and the window alike.
import { wordRef, type DesktopTextKey } from './desktop-texts';
import type { Language } from './languages';

type Ref = { key: DesktopTextKey; values?: Readonly<Record<string, string | number>> };

/** The report as the user reads it in `language`; without catalogue texts, the title and body as sent. */
export function notifyWords(event: { title: string; body: string; text?: { title?: Ref; body?: Ref } }, language: Language): { title: string; body: string } {
  return {
    title: event.text?.title ? wordRef(language, event.text.title) : event.title,
    body: event.text?.body ? wordRef(language, event.text.body) : event.body,
  };
}
