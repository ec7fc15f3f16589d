// The words of a `notify` report: Nanotray's own parts come from the desktop catalogue (worded in English here, for
// the CLI and logs, and sent as references so the desktop and the window word them in the user's language); what
// the agent wrote or an error from elsewhere goes as it is.
import { wordRef, type DesktopTextRef, type NotifyText } from '../../../src-preload/contract/desktop-texts';

/** A part of a report: a catalogue text, or text that is the same in every language. */
export type NoticePart = string | DesktopTextRef;

/** The `title`, `body` and `text` fields of a `notify` event. */
export function noticeWords(title: NoticePart, body: NoticePart): { title: string; body: string; text?: NotifyText } {
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
