// The bubblewrap command line for a sandbox plan (Linux): the root read-only, a private /dev, /proc, /tmp and /run,
// new PID, IPC and network namespaces (only loopback inside, where the command's egress proxy is bridged in), the
// plan's hidden paths, and the workspace read-write but its prompt files, memory/ and skills/.
import type { ShellInvocation } from '../exec/process-tree';
import type { PlanMount, SandboxPlan } from './sandbox-plan';
import { assertNever } from '../../lib/assert-never';

/** Where the proxy's socket appears inside the sandbox. */
export const SANDBOX_PROXY_SOCKET = '/run/nanotray-proxy.sock';
/** The loopback port inside the sandbox that leads to the proxy (HTTP_PROXY, ALL_PROXY). */
export const SANDBOX_PROXY_PORT = 3128;

/** The bridge from the sandbox's loopback to the proxy's unix socket: socat, and the socket on the host. */
export interface ProxyBridge {
  socat: string;
  socket: string;
}

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

/** 127.0.0.1:3128 as /proc/net/tcp spells it, and its LISTEN state. */
const LISTEN_ADDRESS = `0100007F:${SANDBOX_PROXY_PORT.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * `sh -c` that starts socat in the background (127.0.0.1:3128 → the proxy's socket), waits until it listens
 * (/proc/net/tcp shows the port in LISTEN, read with shell built-ins so a poll forks nothing: the first 200 polls back
 * to back, which catches socat within a few milliseconds, then every 10 ms, 2 s at most), then becomes the
 * user's shell. socat ends with the sandbox.
 */
export function bridgeScript(socat: string): string {
  const quoted = `'${socat.replace(/'/g, `'\\''`)}'`;
  return (
    `${quoted} TCP-LISTEN:${SANDBOX_PROXY_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${SANDBOX_PROXY_SOCKET} </dev/null >/dev/null 2>&1 & ` +
    `up() { while read -r _ l _ st _; do [ "$l $st" = '${LISTEN_ADDRESS} 0A' ] && return 0; done </proc/net/tcp; return 1; }; ` +
    `n=0; until up; do n=$((n+1)); [ $n -ge 400 ] && break; [ $n -gt 200 ] && sleep 0.01; done; exec "$@"`
  );
}

/**
 * `bwrap … -- <shell>`. No capabilities (not even for root). --die-with-parent and the PID namespace end every process of the command when bwrap
 * ends (a killed tree, a killed Nanotray); --new-session keeps it from pushing keystrokes into a terminal. The network
 * namespace is always new: abstract unix sockets of the user's session (X11, D-Bus) live in the host's, and a
 * /run of its own hides the system's sockets (D-Bus, Docker, the user's runtime folder).
 */
export function bwrapInvocation(
  bwrap: string,
  plan: SandboxPlan,
  shell: ShellInvocation,
  bridge?: ProxyBridge,
  setenv: Readonly<Record<string, string>> = {},
): ShellInvocation {
  const args = [
    // as root, bwrap keeps every capability unless told otherwise (and could remount / read-write)
    '--cap-drop', 'ALL',
    '--die-with-parent',
    '--new-session',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--unshare-net',
    '--ro-bind', '/', '/',
    '--dev', '/dev',
    '--proc', '/proc',
    '--tmpfs', '/tmp',
    '--tmpfs', '/run',
    ...plan.mounts.flatMap(mountArgs),
    ...(bridge ? ['--ro-bind', bridge.socket, SANDBOX_PROXY_SOCKET] : []),
    '--chdir', plan.cwd,
    // set in the sandbox only: in bwrap's own environment its loader would obey them outside it
    ...Object.entries(setenv).flatMap(([name, value]) => ['--setenv', name, value]),
    '--',
    ...(bridge ? ['/bin/sh', '-c', bridgeScript(bridge.socat), 'nanotray-egress-bridge'] : []),
    shell.file,
    ...shell.args,
  ];
  return { file: bwrap, args };
}
