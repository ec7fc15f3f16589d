// Turns an IpcResult (or a transport failure) into a plain value/error pair the slices can handle.
import { t } from '../i18n/i18n';
import type { IpcErrorCode, IpcResult } from '@contract/schemas';

export type CallResult<T> = { ok: true; value: T } | { ok: false; message: string; code: IpcErrorCode };

/** Awaits an API call; never throws (a broken transport becomes an `unavailable` error value). */
export async function call<T>(promise: Promise<IpcResult<T>> | undefined): Promise<CallResult<T>> {
  if (!promise) return { ok: false, code: 'unavailable', message: t('common.app.notAvailable') };
  try {
    const result = await promise;
    if (result.ok) return { ok: true, value: result.value };
    return { ok: false, code: result.error.code, message: result.error.message };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, code: 'unavailable', message: t('common.app.lostContact', { message }) };
  }
}
