// Build-time constants from the IPC contract for the bundlers (electron-vite, the e2e stub's esbuild; tests set
// them as globals in tests/helpers/contract-globals.ts): the channel names, so the preload and the page skip the schemas.
import { channelNames } from '../src-preload/contract/channels';

/** `define` entries: `__NANOTRAY_CHANNELS__` → the JSON of channelNames(). */
export function contractDefines(): Record<string, string> {
  return { __NANOTRAY_CHANNELS__: JSON.stringify(channelNames()) };
}
