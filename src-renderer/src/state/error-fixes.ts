// What the window offers for an error, decided from its code (never from its text): open settings, or retry.
// The one place to look when a new error kind or code appears; the banner's words live with the banner.
import type { IpcErrorCode, TurnErrorKindValue } from '@contract/schemas';
import { assertNever } from '../lib/assert-never';
import type { TurnError } from './types';

export type ErrorFix = TurnError['fix'];

/** A failed turn: configuration problems (key, model, URL, provider, token limit) point to settings. */
export function fixForTurnError(kind: TurnErrorKindValue | undefined): ErrorFix {
  switch (kind) {
    case 'auth':
    case 'not_found':
    case 'network':
    case 'no_provider':
    case 'max_tokens':
      return 'settings';
    case 'rate_limit':
    case 'server':
    case 'timeout':
    case 'bad_request':
    case 'cancelled':
    case 'unknown':
    case 'context_failed':
    case 'content_filter':
    case 'not_started':
    case 'shutdown':
    case 'internal':
    case undefined:
      return 'retry';
    default:
      return assertNever(kind);
  }
}

/** A send the core refused: `unavailable` means something is not set up (or not reachable); the rest is worth a retry. */
export function fixForSendError(code: IpcErrorCode): ErrorFix {
  switch (code) {
    case 'unavailable':
      return 'settings';
    case 'invalid_input':
    case 'not_found':
    case 'forbidden':
    case 'conflict':
    case 'internal':
      return 'retry';
    default:
      return assertNever(code);
  }
}
