// What a tool that reads a workspace file needs: the file opened inside the read fence, refusals of huge and binary
// files in words a model acts on, and the whole text of a file (read_file pages it; another reading tool may not).
import type { FileHandle } from 'node:fs/promises';
import { errResult, okResult, type Result } from '../../lib/result';
import { openFencedFile, toolErrorOf, type FencedFsError, type OpenedFile } from '../../fence/fenced-fs';
import { fenceFor } from '../../fence/path-guard';
import type { ToolContext } from '../tool';
import { toolError, type ToolError } from '../../lib/tool-error';

/** Files larger than this are not read whole (the model is told to look at parts with exec). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const BINARY_SNIFF_BYTES = 8192;

export function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${bytes} bytes`;
}

/** A NUL byte in the first 8 KB: not text. */
export async function looksBinary(handle: FileHandle): Promise<boolean> {
  const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
  return buffer.subarray(0, bytesRead).includes(0);
}

/** Opens `path` inside the read fence (the workspace, or anywhere unless restricted; the built-in skills): close its handle. */
export async function openForReading(path: string, ctx: ToolContext): Promise<Result<OpenedFile, ToolError>> {
  const opened = await openFencedFile(path, fenceFor(ctx, true));
  return opened.ok ? opened : errResult(readError(opened.error, path));
}

function readError(error: FencedFsError, path: string): ToolError {
  if (error.code === 'not_found') return { code: 'not_found', message: `Error: File not found: ${path}` };
  if (error.code === 'is_directory') return { code: 'invalid_args', message: `Error: ${path} is a directory, not a file. Use list_dir to see its entries.` };
  return toolErrorOf(error);
}

/** The refusal of a file past MAX_FILE_BYTES. */
export function tooLargeError(path: string, size: number): ToolError {
  return toolError('unsupported', `Error: File too large: ${path} is ${describeSize(size)} (limit 10 MB). Use exec with head, tail or grep to look at parts of it.`);
}

/** The refusal of a binary file by a tool (`toolName`) that reads only text. */
export function binaryFileError(path: string, size: number, toolName: string): ToolError {
  return toolError(
    'unsupported',
    `Error: ${path} is a binary file (${describeSize(size)}); ${toolName} only reads text. Use exec with a suitable tool (file, xxd, unzip -l…) to inspect it.`,
  );
}

/** The whole text (UTF-8) of a workspace file, for a tool named `toolName`: refused when huge or binary. */
export async function readTextFile(path: string, ctx: ToolContext, toolName: string): Promise<Result<string, ToolError>> {
  const opened = await openForReading(path, ctx);
  if (!opened.ok) return opened;
  const { handle, stat } = opened.value;
  try {
    if (stat.size > MAX_FILE_BYTES) return errResult(tooLargeError(path, stat.size));
    if (stat.size === 0) return okResult('');
    if (await looksBinary(handle)) return errResult(binaryFileError(path, stat.size, toolName));
    return okResult((await handle.readFile({ signal: ctx.signal })).toString('utf8'));
  } finally {
    await handle.close();
  }
}
