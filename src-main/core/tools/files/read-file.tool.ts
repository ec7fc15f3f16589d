// read_file: numbered lines of a text file (paged), or an image for vision models; refuses binaries and huge files.
import type { FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { z } from 'zod';
import { defineTool, fail, failWith, ok, type ToolResult } from '../tool';
import { binaryFileError, describeSize, looksBinary, MAX_FILE_BYTES, openForReading, tooLargeError } from './file-reading';

const MAX_LINE_CHARS = 2000;
const MAX_OUTPUT_CHARS = 128_000;

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

const params = z.object({
  path: z.string().min(1).describe('File path, relative to the workspace (or absolute inside it)'),
  offset: z.number().int().min(1).default(1).describe('First line to show (1-based)'),
  limit: z.number().int().min(1).max(10_000).default(2000).describe('How many lines to show'),
});

/** Lines `offset..offset+limit-1` as `N| text`, with a footer telling the model how to go on. */
export function numberLines(text: string, offset: number, limit: number, path: string): ToolResult {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  if (offset > total) {
    return fail('invalid_args', `Error: offset ${offset} is beyond the end of ${path} (${total} lines)`);
  }
  const parts: string[] = [];
  let size = 0;
  let end = offset - 1;
  for (let i = offset - 1; i < Math.min(total, offset - 1 + limit); i++) {
    const line = lines[i]!;
    const shown = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… (line cut at ${MAX_LINE_CHARS} chars)` : line;
    const entry = `${i + 1}| ${shown}`;
    if (size + entry.length > MAX_OUTPUT_CHARS && parts.length > 0) break;
    parts.push(entry);
    size += entry.length + 1;
    end = i + 1;
  }
  const footer =
    end < total
      ? `(Showing lines ${offset}-${end} of ${total}. Use offset=${end + 1} to continue.)`
      : `(End of file — ${total} lines total)`;
  return ok(`${parts.join('\n')}\n\n${footer}`);
}

export const readFileTool = defineTool({
  name: 'read_file',
  description:
    'Read a text file as numbered lines ("N| text"). Paths are relative to the workspace. Use offset/limit to page ' +
    'through long files. Images (png, jpg, gif, webp) are shown to models that can see images.',
  params,
  category: 'read',
  files: 'read',
  untrustedOutput: true,
  forSubagents: true,
  async run(args, ctx) {
    const opened = await openForReading(args.path, ctx);
    if (!opened.ok) return failWith(opened.error);
    const { handle, stat: info, abs: path } = opened.value;
    try {
      return await readOpened(handle, info.size, path, args, ctx.vision, ctx.signal);
    } finally {
      await handle.close();
    }
  },
});

/** Reads the already opened (and fence-checked) file: an image, or numbered text lines. */
async function readOpened(
  handle: FileHandle,
  size: number,
  path: string,
  args: { path: string; offset: number; limit: number },
  vision: boolean,
  signal: AbortSignal,
): Promise<ToolResult> {
  if (size > MAX_FILE_BYTES) {
    return failWith(tooLargeError(args.path, size));
  }
  const mimeType = IMAGE_TYPES[extname(path).toLowerCase()];
  if (mimeType) {
    const data = await handle.readFile({ signal });
    if (vision) {
      return ok(`Image file ${args.path} (${describeSize(size)}, ${mimeType}) is attached for you to view.`, [
        { mimeType, data: data.toString('base64') },
      ]);
    }
    return ok(
      `(Image file ${args.path}: ${describeSize(size)}, ${mimeType}. The current model cannot view images; ` +
        'describe it from context or ask the user to switch to a vision-capable model.)',
    );
  }
  if (size === 0) return ok(`(Empty file: ${args.path})`);
  if (await looksBinary(handle)) {
    return failWith(binaryFileError(args.path, size, 'read_file'));
  }
  const text = (await handle.readFile({ signal })).toString('utf8');
  return numberLines(text, args.offset, args.limit, args.path);
}
