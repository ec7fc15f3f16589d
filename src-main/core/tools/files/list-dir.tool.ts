// list_dir: the entries of a folder (optionally recursive), skipping .git, node_modules and other noise.
import { z } from 'zod';
import { defineTool, fail, failWith, ok, type ToolResult } from '../tool';
import { fenceFor } from '../../fence/path-guard';
import { openFencedFolder, toolErrorOf, type OpenedFolder } from '../../fence/fenced-fs';
import { isProtectedPath } from '../../fence/protected-files';
import { join } from 'node:path';

const MAX_COUNTED_ENTRIES = 20_000;

/** Folders that are never worth listing to a model. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  '.git', '.hg', '.svn', 'node_modules', 'dist', 'build', 'out', '.next', '.nuxt', '.cache', '.turbo',
  '__pycache__', '.venv', 'venv', '.mypy_cache', '.pytest_cache', '.tox', 'target', 'coverage', '.idea', '.DS_Store',
]);

export const listDirTool = defineTool({
  name: 'list_dir',
  description:
    'List a folder of the workspace ("name/" marks folders). recursive=true walks subfolders (skipping .git, ' +
    'node_modules, dist and similar); at most max_entries entries are shown.',
  params: z.object({
    path: z.string().default('.').describe('Folder path, relative to the workspace'),
    recursive: z.boolean().default(false),
    max_entries: z.number().int().min(1).max(5000).default(200),
  }),
  category: 'read',
  forSubagents: true,
  async run(args, ctx) {
    const opened = openFencedFolder(args.path || '.', fenceFor(ctx, true));
    if (!opened.ok) {
      if (opened.error.code === 'not_found') return fail('not_found', `Error: Directory not found: ${args.path}`);
      if (opened.error.code === 'not_a_folder') return fail('invalid_args', `Error: Not a directory: ${args.path}. Use read_file for files.`);
      return failWith(toolErrorOf(opened.error));
    }
    try {
      return listEntries(opened.value, args, ctx.signal);
    } finally {
      opened.value.close();
    }
  },
});

function listEntries(folder: OpenedFolder, args: { path: string; recursive: boolean; max_entries: number }, signal: AbortSignal): ToolResult {
  const shown: string[] = [];
  let total = 0;
  const queue: string[][] = [[]];
  // Huge trees: stop counting at a cap instead of walking everything just to report a number.
  const countCap = Math.max(args.max_entries * 10, MAX_COUNTED_ENTRIES);
  while (queue.length > 0 && total < countCap) {
    if (signal.aborted) return fail('cancelled', 'Error: list_dir was cancelled');
    const parts = queue.shift()!;
    // An unreadable subfolder (or one swapped for a link meanwhile) is skipped rather than failing the listing.
    const entries = folder.list(parts);
    if (!entries) continue;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      // Nanotray's own files (a workspace that is its home) are not the model's to see, not even by name
      if (SKIPPED_DIRS.has(entry.name) || isProtectedPath(join(folder.real, ...parts, entry.name))) continue;
      const name = [...parts, entry.name].join('/');
      total++;
      if (shown.length < args.max_entries) shown.push(entry.isDirectory() ? `${name}/` : name);
      // Symlinked folders are listed but not walked (no loops, no escapes).
      if (args.recursive && entry.isDirectory()) queue.push([...parts, entry.name]);
    }
  }
  if (total === 0) return ok(`Directory ${args.path} is empty`);
  const lines = shown.join('\n');
  if (total > shown.length) {
    const of = total >= countCap ? `at least ${total}` : String(total);
    return ok(`${lines}\n\n(Truncated: showing ${shown.length} of ${of} entries. List a subfolder or raise max_entries.)`);
  }
  return ok(lines);
}
