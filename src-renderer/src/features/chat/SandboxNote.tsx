// One line on an exec approval card: whether the command runs inside the OS sandbox, and what that means.
import type { ReactElement } from 'react';
import type { ApprovalRequest } from '@contract/schemas';
import { assertNever } from '../../lib/assert-never';

type SandboxState = NonNullable<ApprovalRequest['sandbox']>;

const KIND = { bubblewrap: 'bubblewrap', seatbelt: 'macOS seatbelt' } as const;

/** The sentence for a state (the same facts `nanotray status` prints). */
export function sandboxText(state: SandboxState): string {
  switch (state.status) {
    case 'on':
      return `Runs in the OS sandbox (${KIND[state.kind]}): writes only to the workspace, your keys and Nanotray's files hidden, network ${state.network ? 'allowed' : 'off'}.`;
    case 'off':
      return 'Runs without a sandbox (tools.exec.sandbox is "off"): it can read and write everything you can.';
    case 'unavailable':
      return state.enforced
        ? `The OS sandbox is unavailable (${state.detail}), so it will be refused.`
        : `Runs without a sandbox: the OS sandbox is unavailable (${state.detail}). It can read and write everything you can.`;
    default:
      return assertNever(state);
  }
}

export function SandboxNote({ state }: { state: SandboxState }): ReactElement {
  return (
    <div className={state.status === 'on' ? 'approval-sandbox faint' : 'approval-sandbox approval-sandbox-off'} data-status={state.status}>
      {sandboxText(state)}
    </div>
  );
}
