// Sidebar search results fit the sidebar (real Chromium): a hit in a chat with a long title, a long unbroken word
// (a URL, a table row) wraps or is cut with an ellipsis inside its row, never widening the list sideways. Both
// themes, English and Chinese, axe clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendMessages } from '../../src-main/core/store/messages.repo';
import { ensureSession, setSessionTitle } from '../../src-main/core/store/sessions.repo';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

const LONG_WORD = `https://example.test/${'averyveryverylongpathsegment'.repeat(8)}`;

function seed(app: E2eApp): void {
  const now = Date.now();
  ensureSession(app.core.db, 'desktop:wide', now);
  setSessionTitle(app.core.db, 'desktop:wide', `A chat whose title goes on ${'and on '.repeat(12)}`);
  appendMessages(app.core.db, [
    { sessionKey: 'desktop:wide', turnId: 't1', role: 'user', content: 'Where is the zebrafish report?', createdAt: now - 2000 },
    {
      sessionKey: 'desktop:wide',
      turnId: 't1',
      role: 'assistant',
      content: `The zebrafish report is at ${LONG_WORD}\n\n| zebrafish${'|col'.repeat(30)} |\n|---|`,
      createdAt: now - 1000,
    },
  ]);
}

/** Whether any result, or the list, is wider than the room it has. */
async function overflowing(app: E2eApp): Promise<string[]> {
  return app.page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.sidebar, .sidebar .session-list, .search-hit')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
}

for (const [locale, search, results] of [
  ['en-US', 'Search all messages', 'Search results'],
  ['zh-CN', '搜索全部消息', '搜索结果'],
] as const) {
  describe(`sidebar search results fit (${locale})`, () => {
    let app: E2eApp;

    beforeAll(async () => {
      app = await startE2eApp({ locale, viewport: { width: 1280, height: 800 } });
      seed(app);
      await app.page.reload();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('wraps a long word and cuts a long title inside the row', async () => {
      await app.page.getByRole('searchbox', { name: search }).fill('zebrafish');
      const list = app.page.getByRole('list', { name: results });
      await list.locator('.search-hit').first().waitFor();
      expect(await list.locator('.search-hit').count()).toBe(2);
      expect(await overflowing(app)).toEqual([]);
      await shootBothThemes(app, app.page, `sidebar-search-fit-${locale}`);
      expect(await axeViolations(app.page, '.sidebar')).toEqual([]);
    });
  });
}
