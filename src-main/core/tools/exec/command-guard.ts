// The exec seatbelt: deny patterns, allow patterns per simple command (on the bash grammar), and the workspace
// fence for commands. A seatbelt, not a sandbox: a determined command can get around text patterns; the approval
// prompt and the OS sandbox are the real gates.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { CommandAnalysis } from '../shell-grammar/command-analysis';
import { coverageByPatterns } from '../shell-grammar/command-rules';
import { describeUncovered } from '../shell-grammar/uncovered';
import { outsideWorkspaceError, resolveToolPath } from '../../fence/path-guard';

/** The built-in deny set, checked after the user's own patterns. */
export const BUILTIN_DENY_PATTERNS: readonly RegExp[] = [
  /\brm\b[^;&|\n]*\s(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)(?=\s|$)/, // rm -r, -rf, -fr, -R, -f -r, --recursive
  /\bdel\s+\/[fqs]\b/i, // del /f, /q, /s
  /\brmdir\s+\/s\b/i, // rmdir /s
  /(?:^|[;&|\n(`]\s*)format\b/i, // format as a command, not as a word
  /\b(?:mkfs(?:\.\w+)?|diskpart)\b/i,
  /\bdd\b[^;&|\n]*\bif=/, // dd if=
  /(?:>|\bof=)\s*\/dev\/(?:sd|hd|nvme|mmcblk|disk|xvd|vd)/, // writes to raw disks
  /\b(?:shutdown|reboot|poweroff|halt)\b/i,
  /:\s*\(\s*\)\s*\{[^}]*\}\s*;\s*:/, // :(){ :|:& };:
  /\b(\w+)\s*\(\s*\)\s*\{[^}]*\b\1\s*\|\s*\1\b/, // bomb(){ bomb|bomb& };bomb
];

/** Device paths a command may name even when fenced (they hold no user data). */
const HARMLESS_DEVICES = /^\/dev\/(?:null|zero|random|urandom|stdin|stdout|stderr|tty|fd\/\d+)$/;

export const DENY_PATTERN_ERROR = 'Error: Command blocked by deny pattern filter';

export interface CommandGuardOptions {
  denyPatterns: readonly string[];
  allowPatterns: readonly string[];
  restrictToWorkspace: boolean;
  /** Real path of the workspace. */
  workspace: string;
  /** Where the command runs (default: the workspace); relative words are resolved against it. */
  cwd?: string;
}

/** A user pattern is a regular expression (case-insensitive); if it does not compile it matches as plain text. */
export function compileUserPattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'i');
  } catch {
    return new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  }
}

/** The command with quotes and backslashes removed: `r''m -rf`, `"rm" -rf` and `\rm -rf` all read `rm -rf`. */
export function dequote(command: string): string {
  return command.replace(/['"\\]/g, '');
}

function matchesDeny(command: string, denyPatterns: readonly string[]): boolean {
  const patterns = [...denyPatterns.map(compileUserPattern), ...BUILTIN_DENY_PATTERNS];
  const variants = [command, dequote(command)];
  return patterns.some((p) => variants.some((v) => p.test(v)));
}

const BOUNDARY = `(?:^|[\\s'"=(<>|;&\`])`;
const PATH_CHARS = `[^\\s'"<>|;&()\`]*`;
const ABSOLUTE = new RegExp(`${BOUNDARY}(/${PATH_CHARS})`, 'g');
const TILDE = new RegExp(`${BOUNDARY}(~${PATH_CHARS})`, 'g');
const HOME_VAR = new RegExp(`${BOUNDARY}(\\$\\{?HOME\\}?${PATH_CHARS})`, 'g');
const FILE_URL = /file:\/\/([^\s'"<>|;&()`]*)/gi;
const WINDOWS_ABSOLUTE = /(?:^|[\s'"=(<>|;&`])([A-Za-z]:[\\/][^\s'"<>|;&()`]*)/g;
const TRAVERSAL = /(?:^|[\s/\\'"=:(<>|;&`])\.\.(?:$|[\s/\\'")<>|;&`])/;

/** Every path-like word of the command (absolute, `~`, `$HOME`, `file://`), expanded to an absolute path. */
function pathsIn(command: string): string[] {
  const found: string[] = [];
  for (const text of [command, dequote(command)]) {
    for (const m of text.matchAll(ABSOLUTE)) found.push(m[1]!);
    for (const m of text.matchAll(TILDE)) found.push(m[1]!);
    for (const m of text.matchAll(HOME_VAR)) found.push(m[1]!.replace(/^\$\{?HOME\}?/, homedir()));
    for (const m of text.matchAll(FILE_URL)) {
      const rest = m[1]!;
      found.push(rest.startsWith('/') ? rest : rest.slice(Math.max(0, rest.indexOf('/'))) || '/');
    }
    if (process.platform === 'win32') for (const m of text.matchAll(WINDOWS_ABSOLUTE)) found.push(m[1]!);
  }
  return [...new Set(found)];
}

/** Plain words that may name a relative path (a symlink in the workspace can point outside). */
function relativeWordsIn(command: string): string[] {
  return dequote(command)
    .split(/[\s<>|;&()`=]+/)
    .filter((w) => w && !w.startsWith('-') && !w.startsWith('/') && !w.startsWith('~') && !w.startsWith('$') && !w.includes('://'));
}

function fenceError(command: string, analysis: CommandAnalysis, workspace: string, cwd: string): string | undefined {
  const plain = dequote(command);
  if (TRAVERSAL.test(command) || TRAVERSAL.test(plain)) {
    return (
      `Error: Command blocked by safety guard: ".." (path traversal) is not allowed while tools.restrictToWorkspace is on. ` +
      `Use paths inside the workspace ${workspace}.`
    );
  }
  for (const { argv } of analysis.commands) {
    const bare = (argv[0] === 'cd' || argv[0] === 'pushd') && (argv.length === 1 || (argv.length === 2 && argv[1] === '-'));
    if (bare) {
      return `Error: Command blocked by safety guard: a bare "${argv.join(' ')}" leaves the workspace ${workspace}. Use paths inside the workspace.`;
    }
  }
  for (const candidate of pathsIn(command)) {
    if (HARMLESS_DEVICES.test(candidate)) continue;
    if (/^~[^/\\]/.test(candidate)) return outsideWorkspaceError(candidate, workspace); // ~otheruser
    if (!resolveToolPath(candidate, { workspace, restrict: true }).ok) {
      return `${outsideWorkspaceError(candidate, workspace)} (It appears in the command; exec is fenced like the file tools.)`;
    }
  }
  for (const word of relativeWordsIn(command)) {
    const resolved = resolveToolPath(resolve(cwd, word), { workspace, restrict: true });
    if (!resolved.ok) {
      return `${outsideWorkspaceError(word, workspace)} (It appears in the command; exec is fenced like the file tools.)`;
    }
  }
  return undefined;
}

/** The allowPatterns verdict: every simple command must be fully resolved, coverable and match a pattern. */
function allowlistError(analysis: CommandAnalysis, allowPatterns: readonly string[]): string | undefined {
  const coverage = coverageByPatterns(analysis, allowPatterns.map(compileUserPattern));
  if (coverage.covered) return undefined;
  if ('reason' in coverage) {
    return `Error: Command blocked by allowlist filter: ${describeUncovered(coverage.reason)} tools.exec.allowPatterns never cover that.`;
  }
  return `Error: Command blocked by allowlist filter: "${coverage.unmatched}" matches none of tools.exec.allowPatterns`;
}

/**
 * Checks a command before it runs (and before the user is asked): user deny patterns, built-in deny patterns,
 * allow patterns (every simple command must match one, and none may be a construct no rule covers), then — with
 * restrictToWorkspace — `..`, absolute paths, `~`, `$HOME`, `file://` and relative words whose real path
 * (symlinks followed) is outside the workspace. Returns the model-facing error, or undefined when it may run.
 */
export function checkCommand(command: string, analysis: CommandAnalysis, options: CommandGuardOptions): string | undefined {
  if (matchesDeny(command, options.denyPatterns)) return DENY_PATTERN_ERROR;
  if (options.allowPatterns.length > 0) {
    const blocked = allowlistError(analysis, options.allowPatterns);
    if (blocked) return blocked;
  }
  if (options.restrictToWorkspace) return fenceError(command, analysis, options.workspace, options.cwd ?? options.workspace);
  return undefined;
}
