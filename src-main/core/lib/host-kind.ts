// The kinds of process that run a core on a home, and how the user knows each of them.
import { assertNever } from './assert-never';

export const HOST_KINDS = ['electron', 'web', 'cli', 'daemon', 'test'] as const;
export type HostKind = (typeof HOST_KINDS)[number];

/** `desktop app`, `nanotray web`, `nanotray daemon`, …: the name the user started it by. */
export function hostLabel(host: HostKind): string {
  switch (host) {
    case 'electron':
      return 'desktop app';
    case 'web':
      return 'nanotray web';
    case 'daemon':
      return 'nanotray daemon';
    case 'cli':
      return 'nanotray';
    case 'test':
      return 'test host';
    default:
      return assertNever(host);
  }
}
