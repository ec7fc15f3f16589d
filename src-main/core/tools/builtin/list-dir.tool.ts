// list_dir: the entries of a folder (optionally recursive), skipping .git, node_modules and other noise.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { defineTool, fail, ok } from '../tool';
import { fenceFor, resolveToolPath } from '../sandbox/path-guard';

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
  async run(args, ctx) {
    const resolved = resolveToolPath(args.path || '.', fenceFor(ctx, true));
    if (!resolved.ok) return fail(resolved.error);
    const root = resolved.value;
    try {
      if (!(await stat(root)).isDirectory()) return fail(`Error: Not a directory: ${args.path}. Use read_file for files.`);
    } catch {
      return fail(`Error: Directory not found: ${args.path}`);
    }
    const shown: string[] = [];
    let total = 0;
    const queue: string[] = [''];
    // Huge trees: stop counting at a cap instead of walking everything just to report a number.
    const countCap = Math.max(args.max_entries * 10, MAX_COUNTED_ENTRIES);
    while (queue.length > 0 && total < countCap) {
      if (ctx.signal.aborted) return fail('Error: list_dir was cancelled');
      const rel = queue.shift()!;
      let entries;
      try {
        entries = await readdir(join(root, rel), { withFileTypes: true });
      } catch {
        continue; // unreadable subfolder: skip it rather than fail the whole listing
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        if (SKIPPED_DIRS.has(entry.name)) continue;
        const name = rel ? `${rel}/${entry.name}` : entry.name;
        total++;
        if (shown.length < args.max_entries) shown.push(entry.isDirectory() ? `${name}/` : name);
        // Symlinked folders are listed but not walked (no loops, no escapes).
        if (args.recursive && entry.isDirectory()) queue.push(name);
      }
    }
    if (total === 0) return ok(`Directory ${args.path} is empty`);
    const lines = shown.join('\n');
    if (total > shown.length) {
      const of = total >= countCap ? `at least ${total}` : String(total);
      return ok(`${lines}\n\n(Truncated: showing ${shown.length} of ${of} entries. List a subfolder or raise max_entries.)`);
    }
    return ok(lines);
  },
});
