// The text of a PDF the user attaches, read in the window (Chromium's sandbox, never the main process) by pdf.js,
// loaded only when the first PDF is attached. No fonts are loaded and no script runs (`isEvalSupported: false`):
// only the text layer is read. A PDF without text (a scan) says so instead of sending nothing.
/// <reference path="../env.d.ts" />

export type PdfText = { ok: true; text: string; pages: number } | { ok: false; code: 'no_text' | 'unreadable' | 'encrypted' };

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
    (error: unknown) => {
      pdfjs = null;
      throw error;
    },
  );
  return pdfjs;
}

/** At most this many pages are read; the rest is noted in the text. */
const MAX_PAGES = 500;

export async function pdfText(bytes: ArrayBuffer): Promise<PdfText> {
  let lib: PdfJs;
  try {
    lib = await loadPdfJs();
  } catch {
    return { ok: false, code: 'unreadable' };
  }
  const task = lib.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    const count = Math.min(doc.numPages, MAX_PAGES);
    for (let n = 1; n <= count; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const lines = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(lines.trim());
      page.cleanup();
    }
    const text = pages.filter((p) => p !== '').join('\n\n');
    if (!text.trim()) return { ok: false, code: 'no_text' };
    const rest = doc.numPages > count ? `\n\n[… ${doc.numPages - count} more pages not read]` : '';
    return { ok: true, text: text + rest, pages: doc.numPages };
  } catch (error) {
    return { ok: false, code: error instanceof Error && error.name === 'PasswordException' ? 'encrypted' : 'unreadable' };
  } finally {
    void task.destroy();
  }
}
