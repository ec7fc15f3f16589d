// The approval side of write_file / edit_file: a write to a file that forms the system prompt is a `memory`
// change (shown as a diff, reviewed), and memory/HISTORY.md only ever grows.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { ApprovalCategory } from '../../../../src-preload/contract/event-schemas';
import type { Result } from '../../lib/result';
import { fenceFor, realPathLoose, resolveToolPath } from '../../fence/path-guard';
import { type ApprovalSubject, type ToolContext } from '../tool';
import { toolError, type ToolError } from '../../lib/tool-error';
import { isHistoryFile, promptFileAt, type PromptFileTarget } from '../../fence/prompt-files';
import { HISTORY_FILE } from '../../fence/workspace-files';

type Ctx = Pick<ToolContext, 'workspace' | 'builtinSkillsDir' | 'config'>;

/** The absolute path a file tool would write, or undefined when the fence refuses it (the tool then says why). */
function writeTarget(path: string, ctx: Ctx): string | undefined {
  const resolved = resolveToolPath(path, fenceFor(ctx));
  return resolved.ok ? resolved.value : undefined;
}

/** The prompt file this write would change, if any. */
export function promptFileOfWrite(path: string, ctx: Ctx): PromptFileTarget | undefined {
  const abs = writeTarget(path, ctx);
  return abs === undefined ? undefined : promptFileAt(ctx.workspace, abs);
}

/** `memory` when the write changes a file that forms the system prompt, else `write`. */
export function fileWriteCategory(path: string, ctx: Ctx): ApprovalCategory {
  return promptFileOfWrite(path, ctx) ? 'memory' : 'write';
}

function currentText(abs: string): string {
  try {
    return readFileSync(realPathLoose(abs) ?? abs, 'utf8');
  } catch {
    return '';
  }
}

/**
 * What the approval shows for a write of `path`: for a prompt file the diff (`after` computes the new text from
 * the current one, or says why the call cannot apply), for HISTORY.md a refusal unless it only appends.
 */
export function fileWriteSubject(path: string, ctx: Ctx, after: (before: string) => Result<string, ToolError>): ApprovalSubject {
  const abs = writeTarget(path, ctx);
  if (abs === undefined) return {};
  const prompt = promptFileAt(ctx.workspace, abs);
  const history = isHistoryFile(relative(ctx.workspace, abs)) || isHistoryFile(relative(ctx.workspace, realPathLoose(abs) ?? abs));
  if (!prompt && !history) return {};
  const before = currentText(abs);
  const next = after(before);
  if (!next.ok) return { refusal: next.error };
  if (history && !next.value.startsWith(before)) {
    return {
      refusal: toolError(
        'refused',
        `Error: ${HISTORY_FILE} is append-only: a change may only add text at its end, never rewrite or remove what is ` +
          'there. Append your entry instead.',
      ),
    };
  }
  return prompt ? { memory: { path: prompt.target, before, after: next.value } } : {};
}
