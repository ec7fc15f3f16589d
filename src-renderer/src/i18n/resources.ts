// The catalogues, one per language, assembled from one file per area (common, chat, mcp, memory, runtime, settings):
// keys read `area.group.name`.
import { chat as enChat } from './en/chat';
import { common as enCommon } from './en/common';
import { mcp as enMcp } from './en/mcp';
import { memory as enMemory } from './en/memory';
import { runtime as enRuntime } from './en/runtime';
import { settings as enSettings } from './en/settings';
import { chat as zhChat } from './zh/chat';
import { common as zhCommon } from './zh/common';
import { mcp as zhMcp } from './zh/mcp';
import { memory as zhMemory } from './zh/memory';
import { runtime as zhRuntime } from './zh/runtime';
import { settings as zhSettings } from './zh/settings';

/** The English catalogue: the source of the keys (typed `t()`), and the fallback. */
export const en = { common: enCommon, chat: enChat, mcp: enMcp, memory: enMemory, runtime: enRuntime, settings: enSettings } as const;

/** Simplified Chinese. */
export const zh = { common: zhCommon, chat: zhChat, mcp: zhMcp, memory: zhMemory, runtime: zhRuntime, settings: zhSettings };

export const resources = {
  en: { translation: en },
  zh: { translation: zh },
} as const;
