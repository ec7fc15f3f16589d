// The exec sandbox of this process: probed once, turned into a state for the config (tools.exec.sandbox and
// tools.exec.network), and wrapped around the shell of each command (with its egress proxy, when it has network).
import type { Config } from '../../../../src-preload/contract/config-schema';
import type { ShellInvocation } from '../exec/process-tree';
import { bwrapInvocation } from './bwrap-argv';
import { planSandbox, type SandboxPlan, type SandboxPlanInput } from './sandbox-plan';
import { probeSandbox } from './sandbox-probe';
import { seatbeltInvocation } from './seatbelt-profile';
import type { SandboxNetwork, SandboxProbe, SandboxState } from './sandbox-state';

type ExecConfig = Config['tools']['exec'];

/** Where the command's egress proxy listens: a unix socket (bound into bubblewrap), or a loopback port (seatbelt). */
export type ProxyAddress = { kind: 'unix'; path: string } | { kind: 'tcp'; port: number };

export interface WrapOptions {
  /** The egress proxy of this command; without it the command has no network at all. */
  proxy?: ProxyAddress;
  /**
   * Variables set inside the sandbox only (bubblewrap's --setenv), not in the environment of the sandbox program
   * itself: those its own dynamic loader would obey (see `loaderVariables`).
   */
  setenv?: Readonly<Record<string, string>>;
}

export interface ExecSandbox {
  /** The state for this config; waits for the probe the first time. Never rejects. */
  state(exec: ExecConfig): Promise<SandboxState>;
  /** The state when the probe has finished, else undefined (for synchronous readers such as `my` check). */
  peek(exec: ExecConfig): SandboxState | undefined;
  /**
   * The shell wrapped in the sandbox for this plan; only for a state `on`. Any caller (exec, an MCP stdio server)
   * passes its own proxy: its own network namespace has only loopback, where the proxy is bridged in.
   */
  wrap(shell: ShellInvocation, place: SandboxPlanInput, options?: WrapOptions): ShellInvocation;
  /** A program wrapped in the sandbox with a plan made elsewhere (MCP servers: see mcp-sandbox-plan.ts); only for a state `on`. */
  wrapPlan(program: ShellInvocation, plan: SandboxPlan, options?: WrapOptions): ShellInvocation;
}

/** The state a probe result gives for one config. */
export function stateFor(probe: SandboxProbe, exec: ExecConfig): SandboxState {
  if (exec.sandbox === 'off') return { status: 'off' };
  // network off is something only the sandbox can enforce: without it, exec is refused rather than run online
  const enforced = exec.sandbox === 'on' || exec.network === 'off';
  if (!probe.ok) return { status: 'unavailable', reason: probe.reason, detail: probe.detail, enforced };
  // every sandboxed command gets its own network namespace (only loopback, the proxy bridged in)
  if (!probe.networkIsolation) return { status: 'unavailable', reason: 'probe_failed', detail: 'the sandbox cannot cut the network here', enforced };
  return { status: 'on', kind: probe.kind, network: networkOf(probe, exec) };
}

function networkOf(probe: Extract<SandboxProbe, { ok: true }>, exec: ExecConfig): SandboxNetwork {
  if (exec.network === 'off') return 'off';
  if (probe.kind === 'bubblewrap' && !probe.bridge) return 'unavailable';
  return exec.network === 'on' ? 'unfiltered' : 'filtered';
}

/** Whether a command in this state gets an egress proxy, and where it listens. */
export function proxyListenFor(state: SandboxState): 'unix' | 'tcp' | undefined {
  if (state.status !== 'on' || state.network === 'off' || state.network === 'unavailable') return undefined;
  return state.kind === 'bubblewrap' ? 'unix' : 'tcp';
}

/** A sandbox over `probe` (run once, on first use). */
export function createExecSandbox(probe: () => Promise<SandboxProbe>): ExecSandbox {
  let pending: Promise<SandboxProbe> | undefined;
  let done: SandboxProbe | undefined;
  const result = (): Promise<SandboxProbe> => {
    pending ??= probe().then(
      (p) => (done = p),
      (err: unknown) => (done = { ok: false, reason: 'probe_failed', detail: err instanceof Error ? err.message : String(err) }),
    );
    return pending;
  };
  const wrapPlan = (program: ShellInvocation, plan: SandboxPlan, options: WrapOptions = {}): ShellInvocation => {
    if (!done?.ok) return program;
    if (done.kind === 'seatbelt') return seatbeltInvocation(plan, program, options.proxy?.kind === 'tcp' ? options.proxy.port : undefined);
    const socket = options.proxy?.kind === 'unix' ? options.proxy.path : undefined;
    return bwrapInvocation(done.command, plan, program, socket && done.bridge ? { socat: done.bridge, socket } : undefined, options.setenv);
  };
  return {
    async state(exec) {
      return stateFor(await result(), exec);
    },
    peek(exec) {
      void result();
      return done ? stateFor(done, exec) : undefined;
    },
    wrap: (shell, place, options = {}) => wrapPlan(shell, planSandbox(place), options),
    wrapPlan,
  };
}

/** This process's sandbox (bubblewrap or seatbelt, probed once). */
export const systemSandbox: ExecSandbox = createExecSandbox(() => probeSandbox({ platform: process.platform, path: process.env.PATH ?? '' }));

/** The model-facing refusal when the config needs a sandbox that is not there; undefined to go on. */
export function sandboxRefusal(state: SandboxState, exec: ExecConfig): string | undefined {
  if (state.status === 'unavailable' && state.enforced) {
    const why = exec.sandbox === 'on' ? 'tools.exec.sandbox is "on"' : 'tools.exec.network is "off", which only the sandbox can enforce';
    return `Error: exec is refused: ${why}, but the OS sandbox is unavailable (${state.detail}). Tell the user; they can install bubblewrap or change the setting.`;
  }
  if (state.status === 'off' && exec.network === 'off') {
    return 'Error: exec is refused: tools.exec.network is "off", which only the sandbox can enforce, but tools.exec.sandbox is "off". Tell the user.';
  }
  return undefined;
}
