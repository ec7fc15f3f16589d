// The installer settings that no stand-in build can show: one top-level file list (a platform list of exclusions only
// would put '**/*' back in front), the .deb declaring the glibc its SQLite build needs, a DMG per Mac architecture,
// and macOS signing and notarization that run when the credentials are in the environment (CSC_*, APPLE_*).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const build = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { build: Record<string, any> }).build;

/** The newest GLIBC_x.y symbol version a Linux binary asks for. */
function glibcNeeded(file: string): [number, number] {
  const versions = [...readFileSync(file).toString('latin1').matchAll(/GLIBC_(\d+)\.(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
  return versions.sort((a, b) => a[0] - b[0] || a[1] - b[1]).at(-1)!;
}

describe('installer settings', () => {
  it('one top-level file list: no platform overrides it', () => {
    for (const platform of ['mac', 'win', 'linux']) expect(build[platform]?.files).toBeUndefined();
    expect(build.files.filter((p: string) => !p.startsWith('!'))).toEqual(['out/main/**', 'out/preload/**', 'out/renderer/**', 'resources/**', 'skills/**', 'package.json']);
  });

  it('the .deb requires the glibc that the SQLite build it ships needs', () => {
    const [major, minor] = glibcNeeded(join(ROOT, 'node_modules', 'better-sqlite3', 'prebuilds', 'linux-x64.node'));
    const libc = (build.deb.depends as string[]).find((d) => d.startsWith('libc6 '));
    const declared = /\(>= (\d+)\.(\d+)\)/.exec(libc ?? '');
    expect(declared).not.toBeNull();
    expect([Number(declared![1]), Number(declared![2])]).toEqual([major, minor]);
    // electron-builder's own defaults stay (a depends list replaces them)
    expect(build.deb.depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3', 'libsecret-1-0', 'xdg-utils']));
  });

  it('a DMG for Apple silicon and one for Intel', () => {
    expect(build.mac.target).toEqual([{ target: 'dmg', arch: ['arm64', 'x64'] }]);
  });

  it('macOS: hardened runtime with the JIT entitlements, signed and notarized from CSC_*/APPLE_* when they are set', () => {
    expect(build.mac).toMatchObject({ hardenedRuntime: true, notarize: true });
    // No identity in the file: electron-builder takes CSC_LINK/CSC_KEY_PASSWORD (or the keychain), and skips signing without
    // them; `notarize` runs when APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER or APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID are set.
    expect(build.mac.identity).toBeUndefined();
    const plist = readFileSync(join(ROOT, build.mac.entitlements), 'utf8');
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]);
    expect(granted).toEqual(['com.apple.security.cs.allow-jit', 'com.apple.security.cs.allow-unsigned-executable-memory']);
    expect(build.mac.entitlementsInherit).toBe(build.mac.entitlements);
    // a build input, not part of the app
    expect(build.files).toContain(`!${build.mac.entitlements}`);
  });
});
