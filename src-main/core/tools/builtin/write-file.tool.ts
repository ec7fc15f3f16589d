// write_file: writes a whole file atomically (temp file + rename), creating parent folders.
import { z } from 'zod';
import { writeFileAtomic } from '../../lib/atomic-write';
import { defineTool, fail, ok } from '../tool';
import { fenceFor, realPathLoose, resolveToolPath } from '../sandbox/path-guard';
import { existingMode } from './file-mode';

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
  async run(args, ctx) {
    const resolved = resolveToolPath(args.path, fenceFor(ctx));
    if (!resolved.ok) return fail(resolved.error);
    const path = resolved.value;
    try {
      // Write through symlinks to their (already fenced) target instead of replacing the link itself.
      const target = realPathLoose(path);
      ctx.recordFileVersion?.(path);
      writeFileAtomic(target, args.content, existingMode(target));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') return fail(`Error: ${args.path} is a directory; give a file path.`);
      return fail(`Error writing ${args.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    return ok(`Successfully wrote ${args.content.length} characters to ${path}`);
  },
});
