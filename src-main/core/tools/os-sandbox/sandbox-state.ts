// Whether exec runs inside an OS sandbox: a typed state the status command, the runtime panel and the approval
// card show, and the sentence for people.
import { assertNever } from '../../lib/assert-never';

export type SandboxKind = 'bubblewrap' | 'seatbelt';

/**
 * What network a sandboxed command has: `filtered` through the egress proxy with the host policy
 * (tools.exec.network "ask"), `unfiltered` through the proxy letting every host through ("on"), `off` none,
 * `unavailable` none because the bridge to the proxy is missing (socat on Linux).
 */
export type SandboxNetwork = 'filtered' | 'unfiltered' | 'off' | 'unavailable';

/** Why the OS sandbox cannot be used on this machine. */
export type SandboxUnavailableReason = 'unsupported_platform' | 'not_installed' | 'probe_failed';

/**
 * `on`: exec runs inside the sandbox. `off`: tools.exec.sandbox is "off". `unavailable`: it cannot be used here;
 * with `enforced` (tools.exec.sandbox "on", or network off) exec is refused, else it runs unsandboxed.
 */
export type SandboxState =
  | { status: 'on'; kind: SandboxKind; network: SandboxNetwork }
  | { status: 'off' }
  | { status: 'unavailable'; reason: SandboxUnavailableReason; detail: string; enforced: boolean };

const NETWORK_WORDS: Record<SandboxNetwork, string> = {
  filtered: 'network through Nanotray, per host',
  unfiltered: 'network unfiltered',
  off: 'network off',
  unavailable: 'network unavailable: install socat',
};

/** One line for people: `nanotray status`, the runtime panel, the approval card. */
export function describeSandbox(state: SandboxState): string {
  switch (state.status) {
    case 'on':
      return `on (${state.kind}; ${NETWORK_WORDS[state.network]})`;
    case 'off':
      return 'off (tools.exec.sandbox is "off"): commands run unsandboxed';
    case 'unavailable':
      return state.enforced
        ? `unavailable (${state.detail}): exec is refused`
        : `unavailable (${state.detail}): commands run unsandboxed`;
    default:
      return assertNever(state);
  }
}

/**
 * What a probe of this machine found (cached once per process). `bridge`: the program that carries the sandbox's
 * loopback port to the egress proxy's socket (socat; Linux only), when installed.
 */
export type SandboxProbe =
  | { ok: true; kind: SandboxKind; command: string; networkIsolation: boolean; bridge?: string }
  | { ok: false; reason: SandboxUnavailableReason; detail: string };
