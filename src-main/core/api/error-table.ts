// THE table from core error codes to IPC error codes: every code a core service, the runtime policy or the memory
// review fails with, and what the windows receive. A new code does not compile until it has a row here.
import type { IpcErrorCode } from '../../../src-preload/contract/schemas';
import type { ServiceErrorCode } from '../lib/core-error';
import type { PolicyErrorCode } from '../runtime/policy-error';
import type { ReviewError } from '../memory/memory-review';

/** Every code that reaches an IPC handler. */
export type IpcMappedCode = ServiceErrorCode | PolicyErrorCode | ReviewError['code'];

const IPC_CODE_OF = {
  // core services (cron, approvals, memory files, config, subagents)
  invalid: 'invalid_input',
  not_found: 'not_found',
  conflict: 'conflict',
  refused: 'forbidden',
  unavailable: 'unavailable',
  failed: 'internal',
  // the runtime policy (`invalid` and `not_found` as above): the panel may never do what the tool may not
  disabled: 'forbidden',
  blocked: 'forbidden',
  read_only: 'forbidden',
  in_session: 'forbidden',
  // the memory review
  invalid_path: 'forbidden',
  write_failed: 'internal',
} as const satisfies Record<IpcMappedCode, IpcErrorCode>;

/** The IPC code of a core error code. */
export function ipcCodeOf(code: IpcMappedCode): IpcErrorCode {
  return IPC_CODE_OF[code];
}
