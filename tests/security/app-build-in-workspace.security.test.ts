// Attacks through the real agent loop on the app's built code when the workspace holds the app's folder (a workspace
// such as ~/code with the app checked out in ~/code/nanotray): the sandbox binds <app>/out read-only, but a folder
// that holds a read-only mount can still be renamed, and the next CLI run, started by the same path, runs whatever
// now sits there.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/build-cli.mjs';
import { useScriptedCore } from '../helpers/scripted-core';

// under /var/tmp: the sandbox's private /tmp would hide an app root under /tmp anyway
const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });
const bwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', 'true']).status === 0;
const BUNDLE = "'use strict';\nexports.main = () => 'the genuine bundle';\n";

let workspace: string;
let appRoot: string;

/** A workspace with a copy of the app's layout in a subfolder (`tools/nanotray`), with a built CLI in out/cli. */
beforeEach(() => {
  workspace = realpathSync(mkdtempSync('/var/tmp/nanotray-ws-'));
  appRoot = join(workspace, 'tools', 'nanotray');
  mkdirSync(join(appRoot, 'out', 'cli'), { recursive: true });
  for (const name of ['package.json', 'resources', 'skills']) symlinkSync(join(ROOT, name), join(appRoot, name));
  writeFileSync(join(appRoot, 'out', 'cli', 'nanotray.cjs'), BUNDLE);
});
afterEach(() => rmSync(workspace, { recursive: true, force: true }));

describe("the app's built code, with the app's folder inside the workspace", () => {
  it.runIf(bwrap)('a sandboxed command cannot put another bundle where the next run looks for it by renaming a folder above out/', async () => {
    const core = t.open({ tools: { approval: { mode: 'auto' }, exec: { sandbox: 'auto' } }, agent: { workspace } }, { appRoot });
    expect(core.workspace()).toBe(workspace);
    const forge = 'mkdir -p tools/nanotray/out/cli && printf evil > tools/nanotray/out/cli/nanotray.cjs';
    t.llm.enqueue(
      {
        toolCalls: [
          { id: 'app', name: 'exec', arguments: { command: `mv tools/nanotray tools/moved-app; ${forge}; echo ran` } },
          { id: 'parent', name: 'exec', arguments: { command: `mv tools tools-moved; ${forge}; echo ran` } },
        ],
      },
      { text: 'Done.' },
    );
    await core.sessions.run({ sessionKey: 'cli:direct', text: 'tidy the workspace', interactive: false });
    expect(readFileSync(join(appRoot, 'out', 'cli', 'nanotray.cjs'), 'utf8')).toBe(BUNDLE);
  });
});
