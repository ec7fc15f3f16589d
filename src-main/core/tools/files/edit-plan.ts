// What an edit_file call does to a text: the replaced content, or the model-facing reason it does not apply.
import { errResult, okResult, type Result } from '../../lib/result';
import { toolError, type ToolError } from '../../lib/tool-error';
import { findClosestLines } from './closest-lines';

export interface EditArgs {
  old_text: string;
  new_text: string;
  replace_all: boolean;
}

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

/**
 * Applies the edit to `content` (`path` only names the file in messages). Models send `\n`: a CRLF file stays
 * CRLF. old_text must occur exactly once unless replace_all.
 */
export function planEdit(path: string, content: string, args: EditArgs): Result<{ updated: string; count: number }, ToolError> {
  const crlf = content.includes('\r\n');
  const oldText = crlf && !args.old_text.includes('\r\n') ? args.old_text.replace(/\n/g, '\r\n') : args.old_text;
  const newText = crlf && !args.new_text.includes('\r\n') ? args.new_text.replace(/\n/g, '\r\n') : args.new_text;
  const count = countOccurrences(content, oldText);
  if (count === 0) return errResult(toolError('invalid_args', notFoundMessage(path, content, args.old_text)));
  if (count > 1 && !args.replace_all) {
    return errResult(
      toolError(
        'invalid_args',
        `Error: old_text appears ${count} times in ${path}. Include more surrounding lines to make it unique, or set replace_all=true to replace all ${count}.`,
      ),
    );
  }
  const updated = args.replace_all ? content.split(oldText).join(newText) : content.replace(oldText, () => newText);
  return okResult({ updated, count });
}
