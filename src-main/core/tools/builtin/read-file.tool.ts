// read_file: numbered lines of a text file (paged), or an image for vision models; refuses binaries and huge files.
import { open, readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { z } from 'zod';
import { defineTool, fail, ok, type ToolResult } from '../tool';
import { fenceFor, resolveToolPath } from '../sandbox/path-guard';

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

async function looksBinary(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

/** Lines `offset..offset+limit-1` as `N| text`, with a footer telling the model how to go on. */
export function numberLines(text: string, offset: number, limit: number, path: string): ToolResult {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  if (offset > total) {
    return fail(`Error: offset ${offset} is beyond the end of ${path} (${total} lines)`);
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
  async run(args, ctx) {
    const resolved = resolveToolPath(args.path, fenceFor(ctx, true));
    if (!resolved.ok) return fail(resolved.error);
    const path = resolved.value;
    let info;
    try {
      info = await stat(path);
    } catch {
      return fail(`Error: File not found: ${args.path}`);
    }
    if (info.isDirectory()) return fail(`Error: ${args.path} is a directory, not a file. Use list_dir to see its entries.`);
    if (info.size > MAX_FILE_BYTES) {
      return fail(`Error: File too large: ${args.path} is ${describeSize(info.size)} (limit 10 MB). Use exec with head, tail or grep to look at parts of it.`);
    }
    const mimeType = IMAGE_TYPES[extname(path).toLowerCase()];
    if (mimeType) {
      const data = await readFile(path, { signal: ctx.signal });
      if (ctx.vision) {
        return ok(`Image file ${args.path} (${describeSize(info.size)}, ${mimeType}) is attached for you to view.`, [
          { mimeType, data: data.toString('base64') },
        ]);
      }
      return ok(
        `(Image file ${args.path}: ${describeSize(info.size)}, ${mimeType}. The current model cannot view images; ` +
          'describe it from context or ask the user to switch to a vision-capable model.)',
      );
    }
    if (info.size === 0) return ok(`(Empty file: ${args.path})`);
    if (await looksBinary(path)) {
      return fail(`Error: ${args.path} is a binary file (${describeSize(info.size)}); read_file only reads text. Use exec with a suitable tool (file, xxd, unzip -l…) to inspect it.`);
    }
    const text = await readFile(path, { encoding: 'utf8', signal: ctx.signal });
    return numberLines(text, args.offset, args.limit, args.path);
  },
});
