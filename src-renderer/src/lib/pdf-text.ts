// The text of a PDF the user attaches, read in the window (Chromium's sandbox, never the main process) by pdf.js,
// loaded only when the first PDF is attached. No fonts are loaded and no script runs (`isEvalSupported: false`):
// only the text layer is read. A PDF without text (a scan) says so instead of sending nothing; one whose reading
// has not ended when `stop` fires (a page that loops) is given up, its worker ended with it.
/// <reference path="../env.d.ts" />

export type PdfText = { ok: true; text: string; pages: number } | { ok: false; code: 'no_text' | 'unreadable' | 'encrypted' | 'too_slow' | 'no_worker' };

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

/** The PDF's text; `stop` ends the reading (the result is then `too_slow`). */
export async function pdfText(bytes: ArrayBuffer, stop: AbortSignal): Promise<PdfText> {
  let task: ReturnType<PdfJs['getDocument']> | undefined;
  let worker: InstanceType<PdfJs['PDFWorker']> | undefined;
  const stopped = new Promise<PdfText>((resolve) => {
    const giveUp = () => resolve({ ok: false, code: 'too_slow' });
    if (stop.aborted) giveUp();
    else stop.addEventListener('abort', giveUp, { once: true });
  });
  const reading = async (): Promise<PdfText> => {
    let lib: PdfJs;
    try {
      lib = await loadPdfJs();
    } catch {
      return { ok: false, code: 'unreadable' };
    }
    if (stop.aborted) return { ok: false, code: 'too_slow' };
    // this reading's own worker, ended here (see the end)
    worker = new lib.PDFWorker();
    try {
      await worker.promise;
    } catch {
      return { ok: false, code: 'no_worker' };
    }
    // Where no worker thread could start, pdf.js falls back to parsing in the window itself, where a page that loops
    // would freeze it and no time limit could end it: a PDF is then not read at all.
    if (!(worker.port instanceof Worker)) return { ok: false, code: 'no_worker' };
    if (stop.aborted) return { ok: false, code: 'too_slow' };
    task = lib.getDocument({ data: new Uint8Array(bytes), worker, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
    try {
      const doc = await task.promise;
      const pages: string[] = [];
      const count = Math.min(doc.numPages, MAX_PAGES);
      for (let n = 1; n <= count && !stop.aborted; n++) {
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
    }
  };
  try {
    return await Promise.race([reading(), stopped]);
  } finally {
    void task?.destroy().catch(() => {});
    // Ended here, not by the task: once the document is open, pdf.js waits for the worker to acknowledge the end
    // before ending it, and a worker looping on a page never does, so it would use a core until the window closes.
    worker?.destroy();
  }
}
