// What the window offers for a failed turn, decided from its kind (never from its text): open settings, or retry.
// The one place to look when a new error kind appears; the banner's words live with the banner. A send the core
// refused (or a lost connection) is always worth a retry: provider problems arrive as the turn's errorKind.
import type { TurnErrorKindValue } from '@contract/schemas';
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
    case 'bad_response':
      return 'settings';
    case 'rate_limit':
    case 'server':
    case 'timeout':
    case 'bad_request':
    case 'interrupted':
    case 'empty_answer':
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
