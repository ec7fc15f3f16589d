// Layer boundaries: core never imports electron/shell/host; the renderer has no Node or main code; the contract imports only zod.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { checkImport, importSpecifiers, scanTree } from '../helpers/import-rules';

const ROOT = resolve(__dirname, '../..');

describe('import boundaries', () => {
  it('hold across the whole source tree', () => {
    expect(scanTree(ROOT, ['src-main', 'src-renderer', 'src-preload'])).toEqual([]);
  });

  it('flag electron imported from core', () => {
    const specs = importSpecifiers("import { app } from 'electron';\nexport * from './x';");
    expect(specs).toEqual(['electron', './x']);
    expect(checkImport('src-main/core/agent/agent-loop.ts', 'electron')).toMatch(/must not import electron/);
    expect(checkImport('src-main/core/agent/agent-loop.ts', '../../shell/tray')).toMatch(/shell or a host/);
    expect(checkImport('src-main/shell/tray.ts', 'electron')).toBeUndefined();
  });

  it('flag node and main-process code in the renderer', () => {
    expect(checkImport('src-renderer/src/App.tsx', 'node:fs')).toMatch(/no Node/);
    expect(checkImport('src-renderer/src/App.tsx', 'fs')).toMatch(/no Node/);
    expect(checkImport('src-renderer/src/App.tsx', '../../src-main/core/nanotray-core')).toMatch(/main-process/);
    expect(checkImport('src-renderer/src/App.tsx', 'electron')).toMatch(/window.nanotray/);
    expect(checkImport('src-renderer/src/App.tsx', 'react')).toBeUndefined();
  });

  it('keep the contract to zod only', () => {
    expect(checkImport('src-preload/contract/schemas.ts', 'zod')).toBeUndefined();
    expect(checkImport('src-preload/contract/schemas.ts', './channels')).toBeUndefined();
    expect(checkImport('src-preload/contract/schemas.ts', 'node:path')).toMatch(/only zod/);
  });

  it('see dynamic imports and require calls', () => {
    expect(importSpecifiers("const e = await import('electron'); const f = require('node:fs');")).toEqual([
      'electron',
      'node:fs',
    ]);
  });
});
