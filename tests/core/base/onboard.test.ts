// Onboarding: creates home, config, database and workspace; never overwrites a file the user already has.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { onboard } from '../../../src-main/core/base/onboard';
import { resolveHomePaths } from '../../../src-main/core/config/home-paths';
import { parseHeartbeatForTest } from '../config/heartbeat-template-check';
import { parseActiveTasks } from '../../../src-main/core/scheduler/heartbeat-tasks';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';

const TEMPLATES = resolve(__dirname, '../../../resources/workspace');
let home: TempHome;
afterEach(() => home?.cleanup());

describe('onboard', () => {
  it('creates everything on a fresh home', () => {
    home = makeTempHome();
    const paths = resolveHomePaths({ NANOTRAY_HOME: home.home });
    const r = onboard(paths, TEMPLATES, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.configCreated).toBe(true);
    expect(existsSync(paths.dbFile)).toBe(true);
    expect(r.value.createdFiles.sort()).toEqual(
      ['AGENTS.md', 'HEARTBEAT.md', 'SOUL.md', 'TOOLS.md', 'USER.md', 'memory/MEMORY.md'].sort(),
    );
    const hb = readFileSync(join(r.value.workspace, 'HEARTBEAT.md'), 'utf8');
    expect(parseHeartbeatForTest(hb)).toEqual([]);
    // the example is visible (no comment the preview hides), and not a task the heartbeat would run
    expect(hb.replace(/<!--[\s\S]*?-->/g, '')).toContain('Every morning, check whether the build');
    expect(parseActiveTasks(hb)).toEqual([]);
  });

  it('never overwrites what the user has, and is idempotent', () => {
    home = makeTempHome({ agent: { model: 'mine' } });
    writeFileSync(join(home.workspace, 'USER.md'), 'my own words');
    const paths = resolveHomePaths({ NANOTRAY_HOME: home.home });
    const r = onboard(paths, TEMPLATES, {});
    expect(r.ok && r.value.configCreated).toBe(false);
    expect(r.ok && r.value.createdFiles).not.toContain('USER.md');
    expect(readFileSync(join(home.workspace, 'USER.md'), 'utf8')).toBe('my own words');
    expect(JSON.parse(readFileSync(home.configFile, 'utf8'))).toEqual({ agent: { model: 'mine' } });
    const again = onboard(paths, TEMPLATES, {});
    expect(again.ok && again.value.createdFiles).toEqual([]);
  });

  it('rewrites legacy keys and leaves an invalid config alone', () => {
    home = makeTempHome({ tools: { myEnabled: true, mySet: true } });
    const paths = resolveHomePaths({ NANOTRAY_HOME: home.home });
    const r = onboard(paths, TEMPLATES, {});
    expect(r.ok && r.value.migratedKeys).toEqual(['tools.myEnabled', 'tools.mySet']);
    expect(JSON.parse(readFileSync(home.configFile, 'utf8'))).toEqual({ tools: { my: { enable: true, allowSet: true } } });
    writeFileSync(home.configFile, '{"agent": {"maxIterations": "lots"}}');
    const bad = onboard(paths, TEMPLATES, {});
    expect(bad.ok).toBe(false);
    expect(readFileSync(home.configFile, 'utf8')).toBe('{"agent": {"maxIterations": "lots"}}');
  });
});
