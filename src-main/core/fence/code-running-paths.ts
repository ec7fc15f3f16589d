// The files a well-known program runs or loads as code when the user next works in a folder (git hooks and config,
// editor tasks, shell start-up files, env loaders, package-manager rc files, python .pth files): one list, matched by
// path component at any depth, for the exec sandbox and the file tools alike. Neither may write them.

/**
 * Names matched as a whole entry at any depth (a file, or a folder with everything in it), case-insensitively.
 * The floor is @anthropic-ai/sandbox-runtime's mandatory deny list (.gitconfig, .gitmodules, .bashrc, .bash_profile,
 * .zshrc, .zprofile, .profile, .ripgreprc, .mcp.json, .vscode, .idea, .claude/commands, .claude/agents, .git/hooks,
 * .git/config); the README says why each other one is here.
 */
export const CODE_RUNNING_NAMES: ReadonlySet<string> = new Set([
  // git: a user- or repo-level config (aliases with `!`, core.fsmonitor, core.pager, diff/filter drivers)
  '.gitconfig', '.gitmodules',
  // shell start-up files (a workspace that is a home folder, or ZDOTDIR pointing into it)
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin', '.zlogout',
  // tools whose rc file names a program to run (ripgrep's --pre) or servers to start (.mcp.json)
  '.ripgreprc', '.mcp.json',
  // editors and agents: tasks run on folder open, settings that name interpreters and terminals, hooks, MCP servers
  '.vscode', '.idea', '.devcontainer', '.claude', '.cursor',
  // direnv and mise run these on `cd`
  '.envrc', 'mise.toml', '.mise.toml', 'mise.local.toml', '.mise.local.toml',
  // package managers: node-options / script-shell / onload-script (npm), yarnPath (yarn 2+), hooks (pnpm)
  '.npmrc', '.yarnrc', '.yarnrc.yml', '.pnpmfile.cjs', '.pnpmfile.mjs',
  // hook managers git hooks call into (husky's core.hooksPath, pre-commit, lefthook) and the usual hooksPath folder
  '.husky', '.githooks', '.pre-commit-config.yaml', 'lefthook.yml', '.lefthook.yml', 'lefthook-local.yml', '.lefthook-local.yml',
]);

/** In a git folder: what git runs (hooks), reads as config, and the submodules' git folders (their hooks and config). */
const GIT_DIR_ENTRIES: ReadonlySet<string> = new Set(['hooks', 'config', 'config.worktree', 'modules']);
/** Python runs every `*.pth` line that starts with `import`, and sitecustomize/usercustomize, at each start. */
const SITE_FOLDERS: ReadonlySet<string> = new Set(['site-packages', 'dist-packages']);
const SITE_HOOKS: ReadonlySet<string> = new Set(['sitecustomize.py', 'usercustomize.py']);

/**
 * One spelling for comparing a name: Unicode NFC (macOS stores names decomposed), lower case (case-insensitive file
 * systems open `.VSCode` for .vscode; on a case-sensitive one the wider match costs nothing), trailing dots and
 * spaces dropped (Windows ignores them).
 */
export function canonicalName(name: string): string {
  return name.normalize('NFC').replace(/[. ]+$/, '').toLowerCase();
}

/** The components of an absolute or relative path, `.` and empty ones dropped, `..` resolved lexically. */
export function pathParts(path: string): string[] {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out;
}

/**
 * True when an entry named `name` in a folder named `parent` (canonical names; `underGit`: a `.git` folder is above
 * it) is a code-running entry as a whole: everything in it is protected too. A `.git` itself is not (git writes
 * objects, the index and refs there), only what is named in it.
 */
export function codeRunningEntry(parent: string | undefined, name: string, underGit: boolean): boolean {
  if (CODE_RUNNING_NAMES.has(name)) return true;
  if (parent === '.git' && GIT_DIR_ENTRIES.has(name)) return true;
  // a linked worktree's own config (extensions.worktreeConfig): .git/worktrees/<name>/config.worktree
  if (name === 'config.worktree' && underGit) return true;
  return parent !== undefined && SITE_FOLDERS.has(parent) && (name.endsWith('.pth') || SITE_HOOKS.has(name));
}

function wholeEntry(parts: readonly string[], index: number): boolean {
  return codeRunningEntry(index > 0 ? parts[index - 1] : undefined, parts[index]!, parts.slice(0, index).includes('.git'));
}

/** The index of the first component that makes `parts` code-running (-1 when none). */
function codeRunningIndex(parts: readonly string[]): number {
  const names = parts.map(canonicalName);
  for (let i = 0; i < names.length; i++) if (wholeEntry(names, i)) return i;
  return -1;
}

/**
 * True when writing `path` (absolute, or relative to a folder) would change what runs as code later: it is, or is
 * inside, a code-running entry. A `.git` entry itself counts too (a new `.git` file or folder is a repository whose
 * config and hooks git follows). `..` is resolved before matching, so `.git/x/../hooks` is `.git/hooks`.
 */
export function isCodeRunningPath(path: string): boolean {
  const parts = pathParts(path);
  if (parts.length > 0 && canonicalName(parts[parts.length - 1]!) === '.git') return true;
  return codeRunningIndex(parts) >= 0;
}

/**
 * The `core.hooksPath` of a git config's text, when set (the last one wins, as in git). A folder of hooks named
 * there runs on commit like .git/hooks does.
 */
export function hooksPathIn(configText: string): string | undefined {
  let section = '';
  let found: string | undefined;
  for (const raw of configText.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      continue;
    }
    const entry = /^hookspath\s*=\s*(.*)$/i.exec(line);
    if (section === 'core' && entry) found = entry[1]!.replace(/^"(.*)"$/, '$1').trim();
  }
  return found || undefined;
}

/** The model-facing refusal for a write to a code-running path. */
export function codeRunningError(path: string): string {
  return (
    `Error: ${path} runs as code when the user next works in this folder (git hooks and config, editor tasks and ` +
    'settings, shell start-up files, env loaders such as .envrc, package-manager rc files, python .pth files). No tool ' +
    'of the agent may write it, in any mode; the user changes it in their own editor. Tell the user what you would change.'
  );
}
