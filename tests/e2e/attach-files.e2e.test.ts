// Files in the composer, in real Chromium: a text or code file goes as text under its name and size, a PDF as its
// extracted text (pdf.js, loaded only then), images as today; the paper clip, drag-and-drop and paste all attach;
// a scan, a binary and a file too long for the message are refused with the reason and the rest still goes. The
// model receives each file in a fence its own text cannot close. Both languages, axe clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { scannedPdf, textPdf } from './helpers/tiny-pdf';
import { shootBothThemes, waitForAnswer } from './ui-helpers';

type FileSpec = { name: string; mimeType: string; buffer: Buffer };

/** The user message the model received last, as text. */
function lastUserText(app: E2eApp): string {
  const messages = app.llm.requests.at(-1)!.body.messages as Array<{ role: string; content: unknown }>;
  const user = messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof user.content === 'string' ? user.content : JSON.stringify(user.content);
}

/** Drops or pastes files onto the page the way the browser would deliver them. */
async function deliver(page: Page, how: 'drop' | 'paste', files: FileSpec[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, data: [...f.buffer] }));
  await page.evaluate(
    ({ how, payload }) => {
      const transfer = new DataTransfer();
      for (const f of payload) transfer.items.add(new File([new Uint8Array(f.data)], f.name, { type: f.type }));
      const box = document.querySelector('textarea[aria-label="Message"], textarea')!;
      if (how === 'paste') box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      else {
        const target = box.closest('.conversation') ?? box;
        for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { how, payload },
  );
}

async function serious(page: Page): Promise<string[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.targets.join(' | ')}`);
}

describe('attaching files', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a code file and a PDF as text under their names, picked with the paper clip', async () => {
    const { page } = app;
    const code = 'def greet():\n    return "hi"\n\n```\nnot a fence end\n```\n';
    await page.locator('.composer input[type="file"]').setInputFiles([
      { name: 'greet.py', mimeType: 'text/x-python', buffer: Buffer.from(code) },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: textPdf([['Quarterly report', 'Revenue rose 12 percent'], ['Second page here']]) },
    ]);
    const chips = page.locator('.paste-chip');
    await expect.poll(() => chips.count()).toBe(2);
    expect(await chips.nth(0).innerText()).toContain('greet.py');
    expect(await chips.nth(1).innerText()).toMatch(/report\.pdf[\s\S]*2 pages/);
    expect(await serious(page)).toEqual([]);
    await shootBothThemes(app, page, 'attach-files');

    app.llm.enqueue({ text: 'Read both.' });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Summarise these');
    await box.press('Enter');
    await waitForAnswer(page, 'Read both.');
    const sent = lastUserText(app);
    expect(sent).toContain('Summarise these');
    expect(sent).toContain('Attached file: greet.py (');
    expect(sent).toContain('````\ndef greet():'); // a fence longer than the file's own
    expect(sent).toMatch(/Attached file: report\.pdf \(PDF, 2 pages, [\d.]+ (B|KB); its text\)/);
    expect(sent).toContain('Quarterly report');
    expect(sent).toContain('Second page here');
    expect(await page.locator('.paste-chip').count()).toBe(0);
  });

  it('attaches dropped and pasted files the same way', async () => {
    const { page } = app;
    await deliver(page, 'drop', [{ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\nbuy milk\n') }]);
    await page.locator('.paste-chip', { hasText: 'notes.md' }).waitFor();
    await deliver(page, 'paste', [{ name: 'data.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') }]);
    await page.locator('.paste-chip', { hasText: 'data.csv' }).waitFor();
    app.llm.enqueue({ text: 'Got them.' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await waitForAnswer(page, 'Got them.');
    const sent = lastUserText(app);
    expect(sent).toContain('Attached file: notes.md');
    expect(sent).toContain('buy milk');
    expect(sent).toContain('Attached file: data.csv');
  });

  it('refuses a scan, a binary and a file too long, saying why, and keeps the rest', async () => {
    const { page } = app;
    await page.locator('.composer input[type="file"]').setInputFiles([
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: scannedPdf(2) },
      { name: 'tool.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]) },
      { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(150_000)) },
      { name: 'ok.txt', mimeType: 'text/plain', buffer: Buffer.from('this one is fine') },
    ]);
    const toast = page.getByText('Some files were not attached').locator('..');
    await toast.waitFor();
    const said = await toast.innerText();
    expect(said).toContain('scan.pdf holds no text (a scanned PDF?)');
    expect(said).toContain('tool.bin is not an image, a PDF or a text file');
    expect(said).toMatch(/huge\.txt is too long to send: 150,000 characters/);
    await expect.poll(() => page.locator('.paste-chip').allInnerTexts()).toEqual([expect.stringContaining('ok.txt')]);
    await page.locator('.paste-chip').getByRole('button', { name: 'Remove ok.txt' }).click();
    expect(await page.locator('.paste-chip').count()).toBe(0);
  });
});

describe('attaching files in Chinese', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp({ locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows a file chip and a refusal in Chinese', async () => {
    const { page } = app;
    await page.locator('.composer input[type="file"]').setInputFiles([
      { name: '笔记.txt', mimeType: 'text/plain', buffer: Buffer.from('你好') },
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: scannedPdf() },
    ]);
    await page.locator('.paste-chip', { hasText: '笔记.txt' }).waitFor();
    await page.getByText('scan.pdf 不含文字（可能是扫描件）', { exact: false }).waitFor();
    expect(await page.locator('.paste-chip').getByRole('button', { name: '移除 笔记.txt' }).count()).toBe(1);
    // a file held over the chat says where it goes, in Chinese
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['x'], 'a.txt', { type: 'text/plain' }));
      document.querySelector('.conversation')!.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    await page.locator('.conversation[data-drop="true"]').waitFor();
    expect(await page.locator('.conversation').evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"拖放到此处以附加文件"');
    await page.evaluate(() => document.querySelector('.conversation')!.dispatchEvent(new DragEvent('dragleave', { bubbles: true })));
    await page.locator('.conversation[data-drop="false"]').waitFor();
    expect(await serious(page)).toEqual([]);
    await app.screenshot('attach-files-zh');
  });
});

describe('a PDF whose reading never ends', () => {
  it.each([
    ['en-US', 'Reading endless.pdf…', 'endless.pdf was still being read after a minute and was left out'],
    ['zh-CN', '正在读取 endless.pdf…', 'endless.pdf 读取超过一分钟，未附加'],
  ])('says it is reading, then leaves it out after a minute with the reason (%s)', async (locale, reading, refusal) => {
    const app = await startE2eApp({ locale });
    try {
      const { page } = app;
      await page.getByRole('textbox').first().waitFor();
      // pdf.js's worker never arrives, so the reading hangs as it would on a page that loops; the clock is the
      // test's, so the minute passes at once
      await page.context().route('**/pdf.worker*', () => undefined);
      await page.clock.install();
      await page.locator('.composer input[type="file"]').setInputFiles([{ name: 'endless.pdf', mimeType: 'application/pdf', buffer: textPdf([['Never read']]) }]);
      await page.getByRole('status').filter({ hasText: reading }).waitFor();
      await app.screenshot(`attach-reading-${locale}`);
      await page.clock.runFor(61_000);
      await page.getByText(refusal).waitFor();
      expect(await page.getByRole('status').filter({ hasText: reading }).count()).toBe(0);
      expect(await page.locator('.paste-chip', { hasText: 'endless.pdf' }).count()).toBe(0);
      // the window still takes a message
      await page.getByRole('textbox').first().fill('still here');
      expect(await page.getByRole('textbox').first().inputValue()).toBe('still here');
    } finally {
      await app.close();
    }
  });
});

describe('a window where no worker thread starts', () => {
  it('reads no PDF in the window itself (a looping page would freeze it) and says so', async () => {
    const app = await startE2eApp();
    try {
      const { page } = app;
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      // as where workers are blocked: pdf.js would fall back to parsing on the window's own thread
      await page.evaluate(() => {
        (window as unknown as { Worker: unknown }).Worker = function NoWorker() {
          throw new Error('workers are blocked here');
        };
      });
      await page.locator('.composer input[type="file"]').setInputFiles([{ name: 'report.pdf', mimeType: 'application/pdf', buffer: textPdf([['Quarterly report']]) }]);
      await page.getByText('report.pdf was not read: PDF reading could not start in the background here').waitFor();
      expect(await page.locator('.paste-chip', { hasText: 'report.pdf' }).count()).toBe(0);
      await page.getByRole('textbox', { name: 'Message' }).fill('still here');
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('still here');
    } finally {
      await app.close();
    }
  });
});
