// Why a turn ended with an error: a provider's kind, or one of the turn's own. Carried by `turn.finished` and the
// turn's outcome next to the message, so the windows and the CLI choose what to offer from the kind, not the text.
import type { TurnErrorKindValue } from '../../../src-preload/contract/error-schemas';

/**
 * A ProviderErrorKind (the model call failed; a new provider kind goes into ProviderErrorKind and the contract's
 * schema, and the loop does not compile until both have it), or:
 * - `context_failed`: the prompt could not be built;
 * - `content_filter` / `max_tokens`: the answer came back empty for that reason; `empty_answer`: it just was empty;
 * - `not_started`: the turn could not start (the store failed); `shutdown`: Nanotray is closing;
 * - `internal`: a bug ended the turn.
 */
export type TurnErrorKind = TurnErrorKindValue; // one definition: the contract's turnErrorKindSchema (turn.finished carries it)

/** A turn's error: the kind for programs, the message for people. */
export interface TurnError {
  kind: TurnErrorKind;
  message: string;
}

/** The `error` / `errorKind` fields of a turn's outcome and `turn.finished` (both or neither). */
export function turnErrorFields(error: TurnError | undefined): { error?: string; errorKind?: TurnErrorKind } {
  return error ? { error: error.message, errorKind: error.kind } : {};
}
