// Small constructors for IpcResult values used by every handler; core errors get their IPC code from the table.
import type { IpcErrorCode, IpcResult } from '../../../src-preload/contract/schemas';
import type { CoreError } from '../lib/core-error';
import type { Result } from '../lib/result';
import { ipcCodeOf, type IpcMappedCode } from './error-table';

export function ipcOk<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function ipcFail(code: IpcErrorCode, message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}

/** A core error as an IPC failure: same message, the code from `error-table.ts`. */
export function ipcError(error: CoreError<IpcMappedCode>): IpcResult<never> {
  return ipcFail(ipcCodeOf(error.code), error.message);
}

/** Maps a core Result to IpcResult: the value through `map`, the error through the table. */
export function fromResult<T, U>(result: Result<T, CoreError<IpcMappedCode>>, map: (value: T) => U): IpcResult<U> {
  return result.ok ? ipcOk(map(result.value)) : ipcError(result.error);
}
