// The schemas of references to the desktop catalogue (desktop-texts.ts) inside events and settings: known keys only.
// Apart from the catalogue, so the window can word texts without bundling zod.
import { z } from 'zod';
import { DESKTOP_TEXT_KEYS } from './desktop-texts';

/** A catalogue text with its values (`{ key: 'notify.cronFailed', values: { job } }`). */
export const desktopTextRefSchema = z.object({
  key: z.enum(DESKTOP_TEXT_KEYS),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * How a `notify` report is worded in other languages: its title and/or body as catalogue texts. Parts without one
 * (what the agent wrote, a job's name) are the same in every language.
 */
export const notifyTextSchema = z.object({ title: desktopTextRefSchema.optional(), body: desktopTextRefSchema.optional() });
