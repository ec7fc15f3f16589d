// edit_file: replaces an exact snippet (once, or everywhere with replace_all), written atomically.
import { z } from 'zod';
import { defineTool, fail, failWith, ok } from '../tool';
import { fenceFor } from '../../fence/path-guard';
import { openFencedFile, toolErrorOf, writeFencedFile, writeRefusal } from '../../fence/fenced-fs';
import { planEdit } from './edit-plan';
import { fileWriteCategory, fileWriteSubject } from './file-write-subject';
import { okResult } from '../../lib/result';
import { MAX_FILE_BYTES } from './file-reading';

export const editFileTool = defineTool({
  name: 'edit_file',
  description:
    'Replace old_text with new_text in a file. old_text must appear exactly once (copy it from read_file output, ' +
    'without the line numbers), unless replace_all is true.',
  params: z.object({
    path: z.string().min(1).describe('File path, relative to the workspace'),
    old_text: z.string().min(1).describe('The exact text to replace'),
    new_text: z.string().describe('The replacement text'),
    replace_all: z.boolean().default(false).describe('Replace every occurrence instead of exactly one'),
  }),
  category: 'write',
  files: 'write',
  forSubagents: true,
  // A file that forms the system prompt is a memory change: reviewed as a diff (see file-write-subject.ts).
  categoryFor: (args, ctx) => fileWriteCategory(args.path, ctx),
  approvalSubject: (args, ctx) =>
    fileWriteSubject(args.path, ctx, (before) => {
      const plan = planEdit(args.path, before, args);
      return plan.ok ? okResult(plan.value.updated) : plan;
    }),
  preflight: (args, ctx) => writeRefusal(args.path, fenceFor(ctx)),
  async run(args, ctx) {
    const fence = fenceFor(ctx);
    const opened = await openFencedFile(args.path, fence);
    if (!opened.ok) {
      if (opened.error.code === 'not_found') return fail('not_found', `Error: File not found: ${args.path}`);
      if (opened.error.code === 'is_directory') return fail('invalid_args', `Error: ${args.path} is a directory, not a file.`);
      return failWith(toolErrorOf(opened.error));
    }
    const { handle, stat, abs } = opened.value;
    let content: string;
    try {
      if (stat.size > MAX_FILE_BYTES) return fail('unsupported', `Error: File too large to edit: ${args.path} (limit 10 MB).`);
      content = (await handle.readFile({ signal: ctx.signal })).toString('utf8');
    } finally {
      await handle.close();
    }
    const plan = planEdit(args.path, content, args);
    if (!plan.ok) return failWith(plan.error);
    const { updated, count } = plan.value;
    ctx.recordFileVersion?.(abs, updated);
    const written = writeFencedFile(args.path, fence, updated);
    if (!written.ok) return failWith(toolErrorOf(written.error));
    return ok(args.replace_all ? `Successfully edited ${abs} (${count} replacements)` : `Successfully edited ${abs}`);
  },
});
