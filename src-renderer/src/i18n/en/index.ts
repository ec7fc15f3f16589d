// English, assembled from one file per area (common, chat, mcp, memory, runtime, settings): keys read `area.group.name`.
import { chat } from './chat';
import { common } from './common';
import { mcp } from './mcp';
import { memory } from './memory';
import { runtime } from './runtime';
import { settings } from './settings';

/** The English catalogue: the source of the keys (typed `t()`), and the fallback. */
export const en = { common, chat, mcp, memory, runtime, settings } as const;
