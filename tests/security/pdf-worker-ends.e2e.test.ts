// A PDF whose page spins pdf.js's worker (a hostile page that loops in its text layer): after the minute the PDF is
// given up, and its worker must be gone too, not left burning a core for as long as the window is open. Both the
// worker that spins before the document opens and the one that spins on a page, after getDocument resolved (pdf.js
// then waits for the worker to acknowledge "Terminate" before ending it, which a spinning worker never does).
// The real worker is wrapped so that a task of it loops from the chosen step on, calling home on each lap; once the
// PDF is given up, the calls must stop (Chromium ends a terminated busy worker within about two seconds).
// Approval mode: ask (no tool is called).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../e2e/helpers/e2e-app';
import { textPdf } from '../e2e/helpers/tiny-pdf';

/** The worker module: the real one, except that the message `action` starts a task that loops for good. */
function spinningWorker(realUrl: string, action: string): string {
  return `
const channel = new BroadcastChannel('pdf-beat');
let spinning = false;
const spin = () => { for (;;) { channel.postMessage(1); for (let i = 0; i < 2e7; i++); } };
const listen = self.addEventListener.bind(self);
self.addEventListener = (type, fn, options) =>
  listen(type, type === 'message' ? (e) => { if (!spinning && e.data && e.data.action === ${JSON.stringify(action)}) { spinning = true; setTimeout(spin); } return fn(e); } : fn, options);
await import(${JSON.stringify(`${realUrl}?real=1`)});
`;
}

describe('a PDF whose reading spins the worker', () => {
  let app: E2eApp;
  beforeEach(async () => {
    app = await startE2eApp({ locale: 'en-US', approvalMode: 'ask' });
  });
  afterEach(async () => app?.close());

  it.each([['GetDocRequest'], ['GetPage'], ['GetTextContent']])('is given up after a minute and its worker stops (spinning on %s)', async (action) => {
    const { page } = app;
    await page.evaluate(() => {
      const w = window as unknown as { beats: number };
      w.beats = 0;
      new BroadcastChannel('pdf-beat').onmessage = () => void w.beats++;
    });
    const beats = () => page.evaluate(() => (window as unknown as { beats: number }).beats);
    await page.context().route(/pdf\.worker[^/]*\.mjs/, (route) => {
      const url = route.request().url();
      if (url.includes('?real=1')) return route.continue();
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: spinningWorker(url, action) });
    });
    await page.getByRole('textbox').first().waitFor();
    await page.clock.install();
    await page.locator('.composer input[type="file"]').setInputFiles([{ name: 'spin.pdf', mimeType: 'application/pdf', buffer: textPdf([['x']]) }]);
    await expect.poll(beats, { timeout: 10_000 }).toBeGreaterThan(2);
    await page.clock.runFor(61_000);
    await page.getByText('spin.pdf was still being read after a minute and was left out').waitFor();
    // terminate() ends a busy worker within Chromium's grace of about two seconds
    await new Promise((r) => setTimeout(r, 4_000));
    const after = await beats();
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await beats()) - after).toBe(0);
  });
});
