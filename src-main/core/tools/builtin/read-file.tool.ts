// read_file: numbered lines of a text file (paged), or an image for vision models; refuses binaries and huge files.
import type { FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { z } from 'zod';
import { defineTool, fail, failWith, ok, type ToolResult } from '../tool';
import { type ToolError } from '../tool-error';
import { fenceFor } from '../sandbox/path-guard';
import { openFencedFile, toolErrorOf, type FencedFsError } from '../sandbox/fenced-fs';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_LINE_CHARS = 2000;
const MAX_OUTPUT_CHARS = 128_000;
const BINARY_SNIFF_BYTES = 8192;

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

function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${bytes} bytes`;
}

async function looksBinary(handle: FileHandle): Promise<boolean> {
  const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
  return buffer.subarray(0, bytesRead).includes(0);
}

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
    const opened = await openFencedFile(args.path, fenceFor(ctx, true));
    if (!opened.ok) return failWith(readError(opened.error, args.path));
    const { handle, stat: info, abs: path } = opened.value;
    try {
      return await readOpened(handle, info.size, path, args, ctx.vision, ctx.signal);
    } finally {
      await handle.close();
    }
  },
});

function readError(error: FencedFsError, path: string): ToolError {
  if (error.code === 'not_found') return { code: 'not_found', message: `Error: File not found: ${path}` };
  if (error.code === 'is_directory') return { code: 'invalid_args', message: `Error: ${path} is a directory, not a file. Use list_dir to see its entries.` };
  return toolErrorOf(error);
}

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
    return fail('unsupported', `Error: File too large: ${args.path} is ${describeSize(size)} (limit 10 MB). Use exec with head, tail or grep to look at parts of it.`);
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
    return fail('unsupported', `Error: ${args.path} is a binary file (${describeSize(size)}); read_file only reads text. Use exec with a suitable tool (file, xxd, unzip -l…) to inspect it.`);
  }
  const text = (await handle.readFile({ signal })).toString('utf8');
  return numberLines(text, args.offset, args.limit, args.path);
}
