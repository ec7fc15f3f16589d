// The desktop app's start to a ready tray, for `npm run bench` (bundled by scripts/bench-desktop.mjs with `electron`
// swapped for the faked module of the shell tests, since Electron cannot run here): what src-main/index.ts does once
// Electron is ready — createCore (background timers on) and startDesktopShell — until the tray has its icon and menu.
import { Tray } from '../../tests/shell/helpers/fake-electron';
import { createCore } from '../../src-main/core/nanotray-core';
import { startDesktopShell } from '../../src-main/shell/desktop-shell';
import { createSecretStore } from '../../src-main/shell/secret-store';

/**
 * Milliseconds of one start: the core, the shell, the whole of it; since the process started (module loading); and
 * from the tray to the background work started after it (core.started: sandbox probe, watcher, MCP, scheduler lease).
 */
export interface DesktopStart {
  createCore: number;
  shell: number;
  toTray: number;
  processToTray: number;
  trayToBackground: number;
}

/** One start in this process against `home` (the app's own folder), disposed afterwards. */
export async function startOnce(home: string, appRoot: string): Promise<DesktopStart> {
  const t0 = performance.now();
  const created = createCore({ host: 'electron', home, env: { PATH: process.env.PATH ?? '' }, startBackground: true, appRoot });
  if (!created.ok) throw new Error(created.error);
  const core = created.value;
  const t1 = performance.now();
  const desktop = startDesktopShell({
    core,
    resourcesDir: `${appRoot}/resources`,
    secrets: createSecretStore(),
    version: 'bench',
    platform: 'linux',
    env: { HOME: home },
    windows: { preloadPath: `${appRoot}/out/preload/index.cjs`, rendererDir: `${appRoot}/out/renderer` },
  });
  const t2 = performance.now();
  const tray = Tray.instances.at(-1);
  if (!tray?.menu || !tray.image) throw new Error('the shell started without a tray menu');
  await core.started;
  const t3 = performance.now();
  if (core.scheduler.owner()?.here !== true) throw new Error('the background work started without the scheduler lease');
  desktop.dispose();
  await core.dispose();
  return { createCore: t1 - t0, shell: t2 - t1, toTray: t2 - t0, processToTray: t2, trayToBackground: t3 - t2 };
}

const [home, appRoot] = process.argv.slice(2);
if (home && appRoot) {
  startOnce(home, appRoot).then(
    (r) => console.log(JSON.stringify(r)),
    (err) => {
      console.error(`desktop start bench failed: ${err instanceof Error ? err.stack : String(err)}`);
      process.exitCode = 1;
    },
  );
}
