// One line on an exec approval card: whether the command runs inside the OS sandbox, and what that means.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '@contract/schemas';
import { t } from '../../i18n/i18n';
import { assertNever } from '../../lib/assert-never';

type SandboxState = NonNullable<ApprovalRequest['sandbox']>;

const KIND = { bubblewrap: 'bubblewrap', seatbelt: 'macOS seatbelt' } as const;
const NETWORK = {
  filtered: 'chat.approval.networkFiltered',
  unfiltered: 'chat.approval.networkUnfiltered',
  off: 'chat.approval.networkOff',
  unavailable: 'chat.approval.networkUnavailable',
} as const;

/** The sentence for a state (the same facts `nanotray status` prints). */
export function sandboxText(state: SandboxState): string {
  switch (state.status) {
    case 'on':
      return t('chat.approval.sandboxOn', { kind: KIND[state.kind], network: t(NETWORK[state.network]) });
    case 'off':
      return t('chat.approval.sandboxOff');
    case 'unavailable':
      return state.enforced ? t('chat.approval.sandboxRefused', { detail: state.detail }) : t('chat.approval.sandboxMissing', { detail: state.detail });
    default:
      return assertNever(state);
  }
}

export function SandboxNote({ state }: { state: SandboxState }): ReactElement {
  useTranslation();
  return (
    <div className={state.status === 'on' ? 'approval-sandbox faint' : 'approval-sandbox approval-sandbox-off'} data-status={state.status}>
      {sandboxText(state)}
    </div>
  );
}
