// Reading a bundle's zip safely (yauzl): every entry checked before anything is written — a plain relative path
// (no `..`, no absolute or drive path, no backslash), no symbolic link or device, no encryption, sizes within bounds
// (declared sizes are enforced while inflating, so a zip bomb stops at the bound) — and then written file by file.
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { errorMessage } from '../../../lib/result';
import { BUNDLE_LIMITS } from './bundle-limits';

/** Why a zip is refused, as a sentence. */
export class BundleZipError extends Error {}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** One checked entry: its path inside the bundle, whether it is a folder, its unpacked size and mode bits. */
export interface BundleEntry {
  path: string;
  dir: boolean;
  size: number;
  executable: boolean;
}

/** The entry's path when it is a plain relative one, else why not. */
export function checkedEntryPath(name: string): string {
  if (!name || name.includes('\0')) throw new BundleZipError(`an entry has an empty or invalid name`);
  if (name.includes('\\')) throw new BundleZipError(`the entry "${name}" has a backslash in its path`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw new BundleZipError(`the entry "${name}" has an absolute path`);
  const parts = name.replace(/\/$/, '').split('/');
  if (parts.some((p) => p === '..' || p === '.' || p === '')) throw new BundleZipError(`the entry "${name}" leaves the bundle's folder or is not a plain path`);
  return posix.normalize(name.replace(/\/$/, ''));
}

function entryOf(entry: Entry): BundleEntry {
  const path = checkedEntryPath(entry.fileName);
  if ((entry.generalPurposeBitFlag & 0x1) !== 0) throw new BundleZipError(`the entry "${entry.fileName}" is encrypted`);
  const madeOnUnix = entry.versionMadeBy >> 8 === 3;
  const mode = madeOnUnix ? entry.externalFileAttributes >>> 16 : 0;
  const kind = mode & S_IFMT;
  const dir = entry.fileName.endsWith('/');
  if (kind !== 0 && kind !== S_IFREG && kind !== S_IFDIR) throw new BundleZipError(`the entry "${entry.fileName}" is a symbolic link or a special file`);
  return { path, dir: dir || kind === S_IFDIR, size: entry.uncompressedSize, executable: (mode & 0o111) !== 0 };
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, zip) => (err || !zip ? reject(new BundleZipError(`it is not a zip file (${errorMessage(err)})`)) : resolve(zip)));
  });
}

function openStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(err ?? new Error('no stream')) : resolve(stream))));
}

/** Passes bytes on until `max`, then fails (a lying size field is caught by yauzl too). */
function capped(max: number, name: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new BundleZipError(`the entry "${name}" is larger than it says`));
      else done(null, chunk);
    },
  });
}

/**
 * Visits every entry in order after checking it and the running totals; `visit` may read the entry's bytes with
 * `read()` (a stream that fails when the bytes pass the declared size: consume it with `pipeline` or `for await`,
 * never `.pipe`, so that the failure reaches the caller). Rejects with BundleZipError (or the visitor's error) at
 * the first problem.
 */
export async function walkBundle(bytes: Buffer, visit: (entry: BundleEntry, read: () => Promise<NodeJS.ReadableStream>) => Promise<void>): Promise<BundleEntry[]> {
  if (bytes.length > BUNDLE_LIMITS.fileBytes) throw new BundleZipError(`it is larger than ${BUNDLE_LIMITS.fileBytes / 1024 / 1024} MB`);
  const zip = await openZip(bytes);
  if (zip.entryCount > BUNDLE_LIMITS.entries) {
    zip.close();
    throw new BundleZipError(`it has ${zip.entryCount} entries (at most ${BUNDLE_LIMITS.entries})`);
  }
  const seen: BundleEntry[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: unknown) => reject(err instanceof BundleZipError ? err : new BundleZipError(`it is a damaged zip (${errorMessage(err)})`)));
      zip.on('end', () => resolve());
      zip.on('entry', (raw: Entry) => {
        void (async () => {
          const entry = entryOf(raw);
          total += entry.size;
          if (total > BUNDLE_LIMITS.totalBytes) throw new BundleZipError(`it unpacks to more than ${BUNDLE_LIMITS.totalBytes / 1024 / 1024} MB`);
          seen.push(entry);
          await visit(entry, () => openStream(zip, raw));
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return seen;
}

/** Reads a whole (small) entry. */
export async function readEntryText(read: () => Promise<NodeJS.ReadableStream>, max: number, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await read()) {
    size += (chunk as Buffer).length;
    if (size > max) throw new BundleZipError(`its ${name} is larger than ${max / 1024} KB`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes every entry under `folder` (which must be new and empty); files are 0644, or 0755 when executable. */
export async function unpackBundle(bytes: Buffer, folder: string): Promise<void> {
  await walkBundle(bytes, async (entry, read) => {
    const target = join(folder, ...entry.path.split('/'));
    if (entry.dir) {
      mkdirSync(target, { recursive: true, mode: 0o755 });
      return;
    }
    mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
    // `wx`: never through something already there (a link a previous entry could not have made, but still)
    await pipeline(await read(), capped(entry.size, entry.path), createWriteStream(target, { flags: 'wx', mode: entry.executable ? 0o755 : 0o644 }));
  });
}
