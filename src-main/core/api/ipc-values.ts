// Small constructors for IpcResult values used by every handler.
import type { IpcErrorCode, IpcResult } from '../../../src-preload/contract/schemas';
import type { Result } from '../lib/result';

export function ipcOk<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function ipcFail(code: IpcErrorCode, message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}

/** Maps a core `Result<T, string>` to IpcResult, choosing the code from the error text. */
export function fromResult<T, U>(result: Result<T>, map: (value: T) => U, code?: IpcErrorCode): IpcResult<U> {
  if (result.ok) return ipcOk(map(result.value));
  return ipcFail(code ?? guessCode(result.error), result.error);
}

/** Best-effort code for a core error message (core services report errors as text). */
export function guessCode(message: string): IpcErrorCode {
  const m = message.toLowerCase();
  if (/not found|no such|does not exist|unknown (session|job|preset|server|version)/.test(m)) return 'not_found';
  if (/read[- ]only|blocked|not allowed|forbidden|denied|sensitive|outside the workspace|allow_?set|disabled/.test(m)) return 'forbidden';
  if (/conflict|changed since|busy|already/.test(m)) return 'conflict';
  return 'invalid_input';
}
