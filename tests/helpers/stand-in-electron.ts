// A stand-in for the Electron binary, so electron-builder packs offline: a file holding only Electron's fuse wire
// (the marker @electron/fuses looks for, the wire's version and length, one byte per fuse, Electron's defaults).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @electron/fuses' marker before the wire. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** The fuse wire's order (Electron's fuses.md, @electron/fuses FuseV1Options). */
export const FUSE_WIRE = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
/** Electron's own defaults ('1' on, '0' off): what a build without fuses ships. */
export const ELECTRON_FUSE_DEFAULTS = '10110001';

/** Makes `<dir>/electron` (executable) for `-c.electronDist=<dir>`. */
export function writeStandInElectron(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'electron');
  writeFileSync(file, Buffer.concat([Buffer.from('stand-in\n'), Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSE_WIRE.length]), Buffer.from(ELECTRON_FUSE_DEFAULTS)]));
  chmodSync(file, 0o755);
}

/** The fuses of a packaged binary, by name ('1' on, '0' off). */
export function readFuses(binary: Buffer): Record<string, boolean> {
  const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length + 2;
  return Object.fromEntries(FUSE_WIRE.map((name, i) => [name, binary[at + i] === '1'.charCodeAt(0)]));
}
