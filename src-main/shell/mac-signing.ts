// Is this macOS build signed with a Developer ID? macOS shows notifications only for signed apps, so an unsigned
// build (no CSC_* credentials where it was built) must say that its notifications are off. Read from `codesign`.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';

/**
 * True when `codesign -dv` describes a real signature: a team identifier, not an ad-hoc one (Apple silicon needs
 * every binary signed, so an unsigned build still carries an ad-hoc signature).
 */
export function isDeveloperIdSignature(codesignOutput: string): boolean {
  if (/^Signature=adhoc$/m.test(codesignOutput)) return false;
  const team = /^TeamIdentifier=(.+)$/m.exec(codesignOutput)?.[1]?.trim();
  return Boolean(team && team !== 'not set');
}

/** The .app bundle around a macOS executable (`…/Nanotray.app/Contents/MacOS/Nanotray`). */
export function appBundleOf(execPath: string): string {
  return dirname(dirname(dirname(execPath)));
}

/** Asks `codesign` about the running app; a failure to ask counts as signed (no false notice). */
export function isMacBuildSigned(execPath: string = process.execPath): boolean {
  const run = spawnSync('/usr/bin/codesign', ['-dv', '--verbose=2', appBundleOf(execPath)], { encoding: 'utf8', timeout: 3_000 });
  if (run.error) return true;
  // codesign prints its description on stderr; exit 1 with "code object is not signed at all" when unsigned.
  return run.status === 0 && isDeveloperIdSignature(run.stderr ?? '');
}
