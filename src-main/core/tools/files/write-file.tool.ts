// write_file: writes a whole file atomically (temp file + rename in the checked folder), creating parent folders.
import { z } from 'zod';
import { defineTool, fail, failWith, ok } from '../tool';
import { fenceFor, resolveToolPath } from '../../fence/path-guard';
import { toolErrorOf, writeFencedFile, writeRefusal } from '../../fence/fenced-fs';
import { fileWriteCategory, fileWriteSubject } from './file-write-subject';
import { okResult } from '../../lib/result';

export const writeFileTool = defineTool({
  name: 'write_file',
  description:
    'Write a file with the given content, replacing it if it exists and creating parent folders. ' +
    'Paths are relative to the workspace. To change part of a file, use edit_file instead.',
  params: z.object({
    path: z.string().min(1).describe('File path, relative to the workspace'),
    content: z.string().describe('The complete new content of the file'),
  }),
  category: 'write',
  files: 'write',
  forSubagents: true,
  // A file that forms the system prompt is a memory change: reviewed as a diff (see file-write-subject.ts).
  categoryFor: (args, ctx) => fileWriteCategory(args.path, ctx),
  approvalSubject: (args, ctx) => fileWriteSubject(args.path, ctx, () => okResult(args.content)),
  preflight: (args, ctx) => writeRefusal(args.path, fenceFor(ctx)),
  async run(args, ctx) {
    const fence = fenceFor(ctx);
    const resolved = resolveToolPath(args.path, fence);
    if (!resolved.ok) return failWith(resolved.error);
    try {
      ctx.recordFileVersion?.(resolved.value, args.content);
      // Writes through symlinks to their (fenced) target instead of replacing the link itself.
      const written = writeFencedFile(args.path, fence, args.content);
      if (!written.ok) {
        return written.error.code === 'is_directory'
          ? fail('invalid_args', `Error: ${args.path} is a directory; give a file path.`)
          : failWith(toolErrorOf(written.error));
      }
      return ok(`Successfully wrote ${args.content.length} characters to ${written.value}`);
    } catch (err) {
      return fail('failed', `Error writing ${args.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  },
});
