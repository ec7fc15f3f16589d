// No fenced root inside an asar archive: the file tools open their roots as folders, which an archive cannot do,
// so a core whose built-in skills or workspace would lie in one refuses to start and says why.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/nanotray-core';
import { insideAsar, readableAppRoot } from '../../../src-main/core/lib/app-root';
import { makeTempHome, testConfig } from '../../helpers/temp-home';

describe('fenced roots and asar archives', () => {
  it('knows a path inside an archive from one beside it', () => {
    expect(insideAsar('/opt/Nanotray/resources/app.asar/skills')).toBe(true);
    expect(insideAsar('C:\\Program Files\\Nanotray\\resources\\app.ASAR\\skills')).toBe(true);
    expect(insideAsar('/opt/Nanotray/resources/app.asar.unpacked/skills')).toBe(false);
    expect(insideAsar('/home/me/notes.asarx/skills')).toBe(false);
    expect(readableAppRoot('/opt/Nanotray/resources/app.asar')).toBe('/opt/Nanotray/resources/app.asar.unpacked');
  });

  it('refuses to start with the built-in skills inside an archive, naming the folder', () => {
    const home = makeTempHome(testConfig('http://127.0.0.1:9/v1', 'auto'));
    const appRoot = join(home.home, 'bundle.asar', 'inner');
    mkdirSync(appRoot, { recursive: true });
    const created = createCore({ host: 'test', home: home.home, env: {}, appRoot });
    expect(created.ok).toBe(false);
    if (!created.ok) expect(created.error).toContain(`${join(appRoot, 'skills')} lies inside an app archive (.asar)`);
  });
});
