// The channel names the preload and the web bridge bundle, without the schemas (and without zod): computed from
// the channel table at build time and defined as __NANOTRAY_CHANNELS__ (scripts/contract-defines.ts).
import type { ChannelNames } from './channels';

declare const __NANOTRAY_CHANNELS__: ChannelNames;

/** `CHANNEL_NAMES.api.chat.send === 'chat:send'`; `CHANNEL_NAMES.push.onCoreEvent === 'core:event'`. */
export const CHANNEL_NAMES: ChannelNames = __NANOTRAY_CHANNELS__;
