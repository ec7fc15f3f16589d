// A bundle's mcp_config turned into a server entry: platform overrides, `${__dirname}` and the user folders, a
// multiple setting spread over arguments, a program inside the bundle found there (with `.exe` on Windows).
import { describe, expect, it } from 'vitest';
import { mcpbManifestSchema } from '../../../../src-main/core/mcp/import/mcpb/mcpb-manifest';
import { bundleServerEntry } from '../../../../src-main/core/mcp/import/mcpb/mcpb-server-entry';

const manifest = mcpbManifestSchema.parse({
  manifest_version: '0.3',
  name: 'files',
  server: {
    type: 'binary',
    mcp_config: {
      command: 'server/files-server',
      args: ['--root', '${user_config.dirs}', '--docs=${DOCUMENTS}'],
      env: { DEBUG: '${user_config.debug}' },
      platform_overrides: { darwin: { env: { DYLD_LIBRARY_PATH: '${__dirname}/lib' } } },
    },
  },
  user_config: {
    dirs: { type: 'directory', title: 'Folders', multiple: true, required: true, default: ['${HOME}/Desktop'] },
    debug: { type: 'boolean', title: 'Debug', default: false },
  },
});

describe('bundleServerEntry', () => {
  it('spreads a multiple setting, fills the folders and finds the program in the bundle', () => {
    const entry = bundleServerEntry(manifest, { dirs: '/srv/a\n/srv/b' }, { folder: '/data/files/extension', home: '/home/me', platform: 'linux' }, true);
    expect(entry).toEqual({
      ok: true,
      value: {
        input: {
          command: '/data/files/extension/server/files-server',
          args: ['--root', '/srv/a', '/srv/b', '--docs=/home/me/Documents'],
          env: { DEBUG: 'false' },
          cwd: '/data/files/extension',
          trusted: false,
          sandbox: true,
        },
        secrets: [],
      },
    });
  });

  it('uses the default, the platform override, and .exe on Windows', () => {
    const mac = bundleServerEntry(manifest, {}, { folder: '/x', home: '/Users/me', platform: 'darwin' }, false);
    expect(mac.ok && mac.value.input).toMatchObject({ args: ['--root', '/Users/me/Desktop', '--docs=/Users/me/Documents'], env: { DEBUG: 'false', DYLD_LIBRARY_PATH: '/x/lib' } });
    const win = bundleServerEntry(manifest, { dirs: 'C:\\data' }, { folder: 'C:\\ext', home: 'C:\\Users\\me', platform: 'win32' }, false);
    expect(win.ok && win.value.input.command).toMatch(/files-server\.exe$/);
  });

  it('refuses a relative folder and a boolean that is not one', () => {
    expect(bundleServerEntry(manifest, { dirs: 'relative/dir' }, { folder: '/x', home: '/h', platform: 'linux' }, true)).toEqual({ ok: false, error: { code: 'invalid', message: '"Folders" must be a full path' } });
    expect(bundleServerEntry(manifest, { dirs: '/a', debug: 'maybe' }, { folder: '/x', home: '/h', platform: 'linux' }, true)).toEqual({ ok: false, error: { code: 'invalid', message: '"Debug" must be true or false' } });
  });
});
