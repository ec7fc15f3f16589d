// The IANA name of the zone this process runs in, as the OS gives it (TZ, else the /etc/localtime link), read
// without Intl: Intl's first date formatter costs ~20 ms of ICU start-up, a tenth of a cold CLI turn.
import { existsSync, readlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** An IANA zone name (`Europe/Berlin`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`, `UTC`), not a POSIX rule. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The OS's zone database (Linux, macOS); a name must be a file in it. */
const ZONEINFO = '/usr/share/zoneinfo';

/** The names ICU reports as `UTC` (what Intl says for them), so the zone reads the same either way. */
const UTC_ALIASES = new Set(['Etc/UTC', 'Etc/UCT', 'UCT', 'Etc/Universal', 'Universal', 'Etc/Zulu', 'Zulu', 'Etc/GMT', 'GMT', 'Etc/GMT0', 'GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'Etc/Greenwich', 'Greenwich']);

let cached: { tz: string | undefined; zone: string | undefined } | undefined;

/** The zone's name and its file in the zone database, or undefined when the OS does not say it plainly. */
function detect(tz: string | undefined): string | undefined {
  let name: string | undefined;
  let file: string;
  if (tz !== undefined) {
    name = tz; // TZ decides for the whole process (a POSIX rule or a path is not a name: left to Intl)
    file = join(ZONEINFO, tz);
  } else {
    try {
      const link = readlinkSync('/etc/localtime'); // Linux and macOS: a link into the zoneinfo folder
      const at = link.lastIndexOf('zoneinfo/');
      name = at < 0 ? undefined : link.slice(at + 'zoneinfo/'.length);
      file = resolve(dirname('/etc/localtime'), link);
    } catch {
      return undefined; // no link (Windows, a copied file): Intl decides
    }
  }
  if (!name || !ZONE_NAME.test(name) || !existsSync(file)) return undefined;
  return UTC_ALIASES.has(name) ? 'UTC' : name;
}

/**
 * The zone Date's local getters use, by name, or undefined when the OS does not say it plainly (then Intl is
 * asked). Read again when TZ changes.
 */
export function hostZone(): string | undefined {
  const tz = process.env.TZ;
  if (!cached || cached.tz !== tz) cached = { tz, zone: detect(tz) };
  return cached.zone;
}
