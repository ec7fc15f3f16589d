// Build-time constants from the IPC contract for every bundler config (electron-vite, vitest, esbuild): the
// channel table's names, so the preload and the page get them without bundling the schemas.
import { channelNames } from '../src-preload/contract/channels';

/** `define` entries: `__NANOTRAY_CHANNELS__` → the JSON of channelNames(). */
export function contractDefines(): Record<string, string> {
  return { __NANOTRAY_CHANNELS__: JSON.stringify(channelNames()) };
}
