// The Electron smoke run (scripts/electron-smoke.mjs bundles and starts it, under Xvfb on Linux): the real app in the
// real Electron, driven by Playwright — the tray is made, quick ask and the main window each answer an IPC round trip,
// and the model reads a built-in SKILL.md through the file tools (a scripted model server makes the read_file call).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { startScriptedLlm, type RecordedRequest } from '../helpers/scripted-llm-server';
import { testConfig } from '../helpers/temp-home';

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

const WAIT_MS = 60_000;

/** Loaded with `-r` before the app: counts the Trays the app constructs (Electron has no API that lists them). */
const TRAY_COUNTER = `// Counts Tray constructions for the smoke run.
const Module = require('node:module');
const load = Module._load;
let wrapped;
globalThis.__nanotraySmokeTrays = 0;
Module._load = function (request, ...rest) {
  const exported = load.call(this, request, ...rest);
  if (request !== 'electron' || !exported || !exported.Tray) return exported;
  wrapped ??= new Proxy(exported, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key !== 'Tray') return value;
      return new Proxy(value, { construct(Tray, args) { globalThis.__nanotraySmokeTrays++; return new Tray(...args); } });
    },
  });
  return wrapped;
};
`;

/**
 * The first built-in SKILL.md the skills summary names: its `## Built-in skills (folder: <dir>)` heading plus the
 * first line's `(<name>/SKILL.md)`, as the model is told to join them.
 */
export function builtinSkillPathIn(text: string): string | undefined {
  const m = /## Built-in skills \(folder: ([^\n]+)\)\n- [^\n]*\(([^()\n]+\/SKILL\.md)\)/.exec(text);
  return m ? `${m[1]}/${m[2]}` : undefined;
}

/** The built-in SKILL.md named in a request's messages. */
function skillPathIn(request: RecordedRequest): string | undefined {
  const messages: { content?: unknown }[] = request.body?.messages ?? [];
  for (const m of messages) {
    const path = builtinSkillPathIn(typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''));
    if (path) return path;
  }
  return undefined;
}

/** The text of the tool results in a request (what the model was given back). */
function toolResults(request: RecordedRequest): string {
  const messages: { role?: string; content?: unknown }[] = request.body?.messages ?? [];
  return messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.stringify(m.content))
    .join('\n');
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function windowAt(app: ElectronApplication, page: 'index.html' | 'quick.html'): Promise<Page> {
  return until(page, () => app.windows().find((w) => new URL(w.url()).pathname.endsWith(`/${page}`)));
}

/** Runs the smoke checks against the app built in `root/out` with the Electron binary at `executablePath`. */
export async function runElectronSmoke(executablePath: string, root: string): Promise<SmokeCheck[]> {
  const work = mkdtempSync(join(tmpdir(), 'nanotray-smoke-'));
  const llm = await startScriptedLlm();
  let skillRead: string | undefined;
  llm.setFallback((request) => {
    const given = toolResults(request);
    if (given) {
      skillRead = given;
      return { text: 'Read it.' };
    }
    const path = skillPathIn(request);
    return path ? { toolCalls: [{ name: 'read_file', arguments: { path } }] } : { text: 'No skill was listed.' };
  });
  const home = join(work, 'home');
  const counter = join(work, 'tray-counter.cjs');
  writeFileSync(counter, TRAY_COUNTER);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify(testConfig(llm.baseUrl, 'auto')));
  const checks: SmokeCheck[] = [];
  const check = async (name: string, run: () => Promise<string | undefined>): Promise<void> => {
    try {
      const problem = await run();
      checks.push(problem ? { name, ok: false, detail: problem } : { name, ok: true });
    } catch (err) {
      checks.push({ name, ok: false, detail: err instanceof Error ? err.message : String(err) });
    }
  };
  // Its own home and Chromium profile: a Nanotray already running (another single-instance lock) is left alone.
  const env: Record<string, string> = { ...(process.env as Record<string, string>), NANOTRAY_HOME: home };
  delete env.ELECTRON_RUN_AS_NODE;
  const app = await _electron.launch({ executablePath, args: ['-r', counter, `--user-data-dir=${join(work, 'user-data')}`, root, '--quick-ask'], env, cwd: root, timeout: WAIT_MS });
  try {
    await check('the tray is made', async () => {
      const trays = await until('the tray', async () => ((await app.evaluate(() => Reflect.get(globalThis, '__nanotraySmokeTrays') as number)) || undefined));
      return trays >= 1 ? undefined : 'no Tray was constructed';
    });
    await check('quick ask answers an IPC round trip', async () => {
      const quick = await windowAt(app, 'quick.html');
      const info = await quick.evaluate(() => window.nanotray.app.info());
      return info.ok && info.value.host === 'electron' ? undefined : `app.info answered ${JSON.stringify(info)}`;
    });
    await check('the main window answers an IPC round trip', async () => {
      const quick = await windowAt(app, 'quick.html');
      const shown = await quick.evaluate(() => window.nanotray.app.showMainWindow({ view: 'chat' }));
      if (!shown.ok) return `showMainWindow answered ${JSON.stringify(shown)}`;
      const main = await windowAt(app, 'index.html');
      const info = await main.evaluate(() => window.nanotray.app.info());
      return info.ok && info.value.home === home ? undefined : `app.info answered ${JSON.stringify(info)}`;
    });
    await check('the model reads a built-in SKILL.md through the file tools', async () => {
      const main = await windowAt(app, 'index.html');
      const sent = await main.evaluate(() => window.nanotray.chat.send({ sessionKey: 'smoke', text: 'Read one of your skills.' }));
      if (!sent.ok) return `chat.send answered ${JSON.stringify(sent)}`;
      const given = await until('the read_file result', () => skillRead);
      // the SKILL.md's front matter came back, not an error
      return /name:/.test(given) ? undefined : `read_file gave back ${given.slice(0, 300)}`;
    });
  } finally {
    await app.close().catch(() => undefined);
    await llm.close();
    rmSync(work, { recursive: true, force: true });
  }
  return checks;
}
