// Simplified Chinese, assembled from one file per area as the English catalogue is.
import type { Translation } from '../catalogue-types';
import type { en } from '../en';
import { chat } from './chat';
import { common } from './common';
import { mcp } from './mcp';
import { memory } from './memory';
import { runtime } from './runtime';
import { settings } from './settings';

/** The Simplified Chinese catalogue. */
export const zh: Translation<typeof en> = { common, chat, mcp, memory, runtime, settings };
