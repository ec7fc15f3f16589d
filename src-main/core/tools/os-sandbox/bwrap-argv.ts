// The bubblewrap command line for a sandbox plan (Linux): the root read-only, a private /dev, /proc and /tmp, a new
// PID namespace, the plan's hidden paths, the workspace read-write but its prompt files, memory/ and skills/, and no
// network when the plan says so.
import type { ShellInvocation } from '../sandbox/process-tree';
import type { PlanMount, SandboxPlan } from './sandbox-plan';
import { assertNever } from '../../lib/assert-never';

function mountArgs(mount: PlanMount): string[] {
  switch (mount.kind) {
    case 'hide-dir':
      return ['--tmpfs', mount.path];
    case 'hide-file':
      return ['--ro-bind', '/dev/null', mount.path];
    case 'writable':
      return ['--bind', mount.path, mount.path];
    case 'read-only':
      // bwrap would create a missing mount point in the real workspace; a missing file is guarded after the command
      return mount.exists ? ['--ro-bind', mount.path, mount.path] : [];
    default:
      return assertNever(mount);
  }
}

/**
 * `bwrap … -- <shell>`. No capabilities (not even for root). --die-with-parent and the PID namespace end every process of the command when bwrap
 * ends (a killed tree, a killed Nanotray); --new-session keeps it from pushing keystrokes into a terminal.
 */
export function bwrapInvocation(bwrap: string, plan: SandboxPlan, shell: ShellInvocation): ShellInvocation {
  const args = [
    // as root, bwrap keeps every capability unless told otherwise (and could remount / read-write)
    '--cap-drop', 'ALL',
    '--die-with-parent',
    '--new-session',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...(plan.network ? [] : ['--unshare-net']),
    '--ro-bind', '/', '/',
    '--dev', '/dev',
    '--proc', '/proc',
    '--tmpfs', '/tmp',
    ...plan.mounts.flatMap(mountArgs),
    '--chdir', plan.cwd,
    '--',
    shell.file,
    ...shell.args,
  ];
  return { file: bwrap, args };
}
