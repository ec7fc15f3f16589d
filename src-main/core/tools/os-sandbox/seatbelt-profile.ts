// The macOS seatbelt (sandbox-exec) profile for a sandbox plan: writes only to the workspace and temp folders,
// the plan's hidden paths unreadable, no signals to or inspection of other processes, and no network but the
// command's egress proxy on a loopback port (no unix sockets either: the user's agents and buses are out of reach).
import { isInside } from '../../fence/path-guard';
import type { ShellInvocation } from '../exec/process-tree';
import type { SandboxPlan } from './sandbox-plan';
import { codeRunningRegexes } from './seatbelt-code-running';

export const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

/** A string literal in the profile language (SBPL): double quotes, backslash escapes. */
export function sbplString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Temp and device paths every program needs to write (macOS keeps per-user temp under /private/var/folders). */
const WRITABLE_SYSTEM = ['(subpath "/private/tmp")', '(subpath "/private/var/folders")', '(regex #"^/dev/(null|zero|tty|dtracehelper|fd/[0-9]+)$")'];

/**
 * The profile: allow by default, then deny (later rules win in SBPL). A hidden path that contains the workspace
 * stays readable inside the workspace.
 */
export function seatbeltProfile(plan: SandboxPlan, proxyPort?: number): string {
  const writable = plan.mounts.filter((m) => m.kind === 'writable').map((m) => m.path);
  const subpath = (p: string): string => `(subpath ${sbplString(p)})`;
  const lines = ['(version 1)', '(allow default)'];
  lines.push(`(deny file-write* (require-not (require-any ${[...writable.map(subpath), ...WRITABLE_SYSTEM].join(' ')})))`);
  for (const mount of plan.mounts) {
    if (mount.kind === 'writable') continue;
    if (mount.kind === 'read-only') {
      // readable again under a hidden folder before it, as bubblewrap's --ro-bind shows it (an MCP server's workspace
      // in Nanotray's home); a rule on a path that does not exist yet still denies creating it
      lines.push(`(allow file-read* ${subpath(mount.path)})`, `(deny file-write* ${subpath(mount.path)})`);
      continue;
    }
    const target = mount.kind === 'hide-dir' ? subpath(mount.path) : `(literal ${sbplString(mount.path)})`;
    const inside = mount.kind === 'hide-dir' ? writable.filter((w) => isInside(mount.path, w)) : [];
    lines.push(
      inside.length > 0
        ? `(deny file-read* file-write* (require-all ${target} (require-not (require-any ${inside.map(subpath).join(' ')}))))`
        : `(deny file-read* file-write* ${target})`,
    );
  }
  // what runs as code later (git hooks and config, .vscode, .envrc, …): at any depth, existing or not
  if (plan.codeRunningRoot) for (const re of codeRunningRegexes(plan.codeRunningRoot)) lines.push(`(deny file-write* (regex ${sbplString(re)}))`);
  lines.push('(deny process-info* (target others))', '(deny signal (target others))');
  lines.push('(deny network*)');
  if (proxyPort !== undefined && Number.isInteger(proxyPort) && proxyPort > 0 && proxyPort < 65536) {
    lines.push(`(allow network-outbound (remote ip "localhost:${proxyPort}"))`);
  }
  return lines.join('\n');
}

/** `sandbox-exec -p <profile> <shell>`; `proxyPort` is the command's egress proxy on 127.0.0.1 (else no network). */
export function seatbeltInvocation(plan: SandboxPlan, shell: ShellInvocation, proxyPort?: number): ShellInvocation {
  return { file: SANDBOX_EXEC, args: ['-p', seatbeltProfile(plan, proxyPort), shell.file, ...shell.args] };
}
