// Starts the whole app for a browser test: temp home + scripted OpenAI-compatible server + core + browser
// host (in-process, same code as `nanotray web`) + Chromium on the printed URL. Reusable by every e2e test.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { startWebHost, type WebHost } from '../../../src-main/host/web/web-host';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type ApprovalMode, type TempHome } from '../../helpers/temp-home';
import { launchChromium } from './chromium';

export const REPO_ROOT = resolve(__dirname, '../../..');
export const BUILT_RENDERER = join(REPO_ROOT, 'out', 'renderer');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

export interface E2eOptions {
  /** Extra config merged into testConfig (agent, tools, …). */
  config?: Record<string, unknown>;
  /**
   * `tools.approval.mode` (default `auto`, said here rather than in testConfig: the window tests drive the UI, not
   * the gate). A test about approvals, and every test under tests/security, states it.
   */
  approvalMode?: ApprovalMode;
  /** Directory served as the UI (default: the built renderer, out/renderer). */
  rendererDir?: string;
  /** Page to open (default `/`; the quick-ask popup is `/quick.html`). */
  path?: string;
  /** Runs after the home exists and before the core starts (seed workspace files, …). */
  prepareHome?: (home: TempHome) => void;
  viewport?: { width: number; height: number };
  /** The browser's language (default en-US, so the window speaks English whatever the machine's LANG). */
  locale?: string;
  /** Skip opening a page (tests that drive the WebSocket directly). */
  noBrowser?: boolean;
  /** Extra environment for the core (e.g. NANOTRAY_LOCAL_SERVERS). */
  env?: Record<string, string>;
  /** Start the core's background services (the memory watcher, scheduler, MCP), as `nanotray web` does. */
  startBackground?: boolean;
}

export interface E2eApp {
  llm: ScriptedLlm;
  home: TempHome;
  core: Core;
  host: WebHost;
  /** The URL with the token. */
  url: string;
  browser?: Browser;
  context?: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  pageErrors: string[];
  /** Saves test-results/screenshots/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Opens another page of the same app (e.g. `/quick.html`). */
  openPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** A clear failure when the UI has not been built. */
export function requireBuiltRenderer(dir = BUILT_RENDERER): string {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`The renderer is not built (${dir}/index.html missing). Run \`npx electron-vite build\` first.`);
  }
  return dir;
}

export async function startE2eApp(options: E2eOptions = {}): Promise<E2eApp> {
  const rendererDir = options.rendererDir ?? requireBuiltRenderer();
  const llm = await startScriptedLlm();
  const home = makeTempHome(testConfig(llm.baseUrl, options.approvalMode ?? 'auto', options.config ?? {}));
  options.prepareHome?.(home);
  const created = createCore({ host: 'web', home: home.home, env: { PATH: process.env.PATH ?? '', ...options.env }, appRoot: REPO_ROOT, startBackground: options.startBackground ?? false });
  if (!created.ok) {
    await llm.close();
    home.cleanup();
    throw new Error(created.error);
  }
  const core = created.value;
  const started = await startWebHost({ core, rendererDir, version: 'e2e', logError: () => undefined });
  if (!started.ok) {
    await core.dispose();
    await llm.close();
    home.cleanup();
    throw new Error(started.error);
  }
  const host = started.value;

  const pageErrors: string[] = [];
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const openPage = async (path: string): Promise<Page> => {
    if (!context) throw new Error('no browser in this e2e app');
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') pageErrors.push(msg.text());
    });
    await page.goto(`http://127.0.0.1:${host.port}${path}?token=${host.token}`);
    return page;
  };
  let page: Page | undefined;
  if (!options.noBrowser) {
    browser = await launchChromium();
    // Reduced motion: no colour is mid-transition when axe measures contrast or a screenshot is taken.
    context = await browser.newContext({ viewport: options.viewport ?? { width: 1200, height: 800 }, reducedMotion: 'reduce', locale: options.locale ?? 'en-US' });
    page = await openPage(options.path ?? '/');
  }

  return {
    llm,
    home,
    core,
    host,
    url: host.url,
    ...(browser ? { browser } : {}),
    ...(context ? { context } : {}),
    get page(): Page {
      if (!page) throw new Error('no page in this e2e app (noBrowser)');
      return page;
    },
    pageErrors,
    async screenshot(name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = join(SCREENSHOT_DIR, `${name}.png`);
      if (page) await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    openPage,
    async close() {
      await browser?.close().catch(() => undefined);
      await host.close();
      await core.dispose();
      await llm.close();
      home.cleanup();
    },
  };
}
