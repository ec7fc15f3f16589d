// edit_file: replaces an exact snippet (once, or everywhere with replace_all), written atomically.
import { z } from 'zod';
import { defineTool, fail, ok } from '../tool';
import { fenceFor } from '../sandbox/path-guard';
import { openFencedFile, writeFencedFile } from '../sandbox/fenced-fs';
import { findClosestLines } from './closest-lines';
import { MAX_FILE_BYTES } from './read-file.tool';

function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) count++;
  return count;
}

function notFoundMessage(path: string, content: string, oldText: string): string {
  const head = `Error: old_text not found in ${path}. It must match the file exactly (spaces, indentation and line breaks included).`;
  const closest = findClosestLines(content, oldText);
  if (!closest) return `${head} Read the file first.`;
  const numbered = closest.lines.map((line, i) => `${closest.startLine + i}| ${line}`).join('\n');
  const percent = Math.round(closest.score * 100);
  return `${head}\nClosest match (${percent}% similar) at lines ${closest.startLine}-${closest.startLine + closest.lines.length - 1}:\n${numbered}`;
}

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
  async run(args, ctx) {
    const fence = fenceFor(ctx);
    const opened = await openFencedFile(args.path, fence);
    if (!opened.ok) {
      if (opened.error.code === 'not_found') return fail(`Error: File not found: ${args.path}`);
      if (opened.error.code === 'is_directory') return fail(`Error: ${args.path} is a directory, not a file.`);
      return fail(opened.error.message);
    }
    const { handle, stat, abs } = opened.value;
    let content: string;
    try {
      if (stat.size > MAX_FILE_BYTES) return fail(`Error: File too large to edit: ${args.path} (limit 10 MB).`);
      content = (await handle.readFile({ signal: ctx.signal })).toString('utf8');
    } finally {
      await handle.close();
    }
    // Models send \n; keep a CRLF file CRLF.
    const crlf = content.includes('\r\n');
    const oldText = crlf && !args.old_text.includes('\r\n') ? args.old_text.replace(/\n/g, '\r\n') : args.old_text;
    const newText = crlf && !args.new_text.includes('\r\n') ? args.new_text.replace(/\n/g, '\r\n') : args.new_text;
    const count = countOccurrences(content, oldText);
    if (count === 0) return fail(notFoundMessage(args.path, content, args.old_text));
    if (count > 1 && !args.replace_all) {
      return fail(
        `Error: old_text appears ${count} times in ${args.path}. Include more surrounding lines to make it unique, or set replace_all=true to replace all ${count}.`,
      );
    }
    const updated = args.replace_all ? content.split(oldText).join(newText) : content.replace(oldText, () => newText);
    ctx.recordFileVersion?.(abs);
    const written = writeFencedFile(args.path, fence, updated);
    if (!written.ok) return fail(written.error.message);
    return ok(args.replace_all ? `Successfully edited ${abs} (${count} replacements)` : `Successfully edited ${abs}`);
  },
});
