// The words of a `notify` report: Nanotray's own parts come from the desktop catalogue (worded in English here, for
// the CLI and logs, and sent as references so the desktop and the window word them in the user's language); what
// the agent wrote or an error from elsewhere goes as it is, but with the characters nobody sees shown as \u{…} (a
// bidi override in a job name or subagent label must not make a report read like another).
import { wordRef, type DesktopTextRef, type NotifyText } from '../../../src-preload/contract/desktop-texts';
import { revealInvisible } from '../../../src-preload/contract/visible-text';

/** A part of a report: a catalogue text, or text that is the same in every language. */
export type NoticePart = string | DesktopTextRef;

/** The `title`, `body` and `text` fields of a `notify` event. */
export function noticeWords(rawTitle: NoticePart, rawBody: NoticePart): { title: string; body: string; text?: NotifyText } {
  const title = visible(rawTitle);
  const body = visible(rawBody);
  const text: NotifyText = {
    ...(typeof title === 'string' ? {} : { title }),
    ...(typeof body === 'string' ? {} : { body }),
  };
  return {
    title: typeof title === 'string' ? title : wordRef('en', title),
    body: typeof body === 'string' ? body : wordRef('en', body),
    ...(text.title || text.body ? { text } : {}),
  };
}

/** `part` with invisible characters revealed in its text, or in the values a catalogue text is filled with. */
function visible(part: NoticePart): NoticePart {
  if (typeof part === 'string') return revealInvisible(part);
  if (!part.values) return part;
  const values = Object.fromEntries(Object.entries(part.values).map(([name, v]) => [name, typeof v === 'string' ? revealInvisible(v) : v]));
  return { ...part, values } as DesktopTextRef;
}
