// Ids of chat items that must match between the live events and the stored history.

/**
 * A tool card's id: Nanotray's turn id with the call id, because providers reuse call ids across turns
 * (`call_0` every time) and a card keyed by the call id alone would take another turn's result.
 */
export function toolItemId(turnId: string | null, callId: string): string {
  return `t${turnId ?? ''}:${callId}`;
}
