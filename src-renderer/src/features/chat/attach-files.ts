// Files the user attaches — paper clip, drop or paste: images go as pictures; a PDF goes as its text (read by pdf.js
// in the window); any other file that is UTF-8 text (notes, code, CSV, JSON, logs) goes as text under its name and
// size. Anything else, or anything over the limits, is refused with the reason, and the rest still attaches.
import { currentLocale, t } from '../../i18n/i18n';
import { byteSize } from '../../lib/format';
import { pdfText } from '../../lib/pdf-text';
import { MAX_IMAGE_BYTES, isAcceptedImage, readAsDataUrl } from './images';
import { fileName, type Paste } from './paste-text';

/** A text file is read whole up to this size; a PDF up to the second. */
export const MAX_TEXT_FILE_BYTES = 2_000_000;
export const MAX_PDF_BYTES = 30_000_000;
/** A PDF still being read after this long is left out (pdf.js can loop on a hostile page). */
const PDF_TIME_LIMIT_MS = 60_000;

export interface Attached {
  images: string[];
  files: Paste[];
  /** One line per file left out, saying why. */
  problems: string[];
}

/** What is left of the message for images and text when these files arrive. */
export interface Room {
  images: number;
  chars: number;
}

let serial = 0;

function isPdf(file: File, head: Uint8Array): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name) || String.fromCharCode(...head.subarray(0, 5)) === '%PDF-';
}

/** The file's text when it is UTF-8 text (no NUL bytes, valid encoding), else null. */
function utf8Text(bytes: ArrayBuffer): string | null {
  if (new Uint8Array(bytes).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

async function fileText(file: File, name: string): Promise<{ text: string; pages?: number } | { problem: string }> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (isPdf(file, head)) {
    if (file.size > MAX_PDF_BYTES) return { problem: t('chat.files.tooLarge', { name, limit: byteSize(MAX_PDF_BYTES) }) };
    const bytes = await file.arrayBuffer();
    const stop = new AbortController();
    // a plain timer (not AbortSignal.timeout), so a test's fake clock can run it
    const timer = setTimeout(() => stop.abort(), PDF_TIME_LIMIT_MS);
    const read = await pdfText(bytes, stop.signal).finally(() => clearTimeout(timer));
    if (!read.ok) return { problem: t(`chat.files.pdf_${read.code}`, { name }) };
    return { text: read.text, pages: read.pages };
  }
  if (file.size > MAX_TEXT_FILE_BYTES) return { problem: t('chat.files.tooLarge', { name, limit: byteSize(MAX_TEXT_FILE_BYTES) }) };
  const text = utf8Text(await file.arrayBuffer());
  if (text === null) return { problem: t('chat.files.notText', { name }) };
  return { text };
}

/** Reads the files in order, within the room the message has left; `onReading` names the file being read. */
export async function attachFiles(files: readonly File[], room: Room, onReading: (name: string) => void = () => {}): Promise<Attached> {
  const out: Attached = { images: [], files: [], problems: [] };
  let chars = room.chars;
  for (const file of files) {
    const name = fileName(file.name) || t('chat.composer.aFile');
    if (isAcceptedImage(file)) {
      if (file.size > MAX_IMAGE_BYTES) out.problems.push(t('chat.composer.tooLarge', { name }));
      else if (out.images.length >= room.images) out.problems.push(t('chat.files.tooManyImages', { name, max: room.images + out.images.length }));
      else out.images.push(await readAsDataUrl(file));
      continue;
    }
    onReading(name);
    const read = await fileText(file, name);
    if ('problem' in read) {
      out.problems.push(read.problem);
      continue;
    }
    if (read.text.length > chars) {
      out.problems.push(t('chat.files.tooLong', { name, chars: read.text.length.toLocaleString(currentLocale()), room: Math.max(0, chars).toLocaleString(currentLocale()) }));
      continue;
    }
    chars -= read.text.length;
    out.files.push({ id: `file-${++serial}`, text: read.text, file: { name, bytes: file.size, ...(read.pages ? { pages: read.pages } : {}) } });
  }
  return out;
}
