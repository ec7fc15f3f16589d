// Where the focus goes around approvals: to a waiting card (from the composer with Esc), back to the composer after
// an answer (never to <body>), and whether the user is typing (a new request then leaves the focus alone).

/** True while the focus is in a text field that holds something the user typed. */
export function userIsTyping(): boolean {
  const el = document.activeElement;
  return (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) && el.value.trim() !== '';
}

/** The oldest approval card still waiting in this window's dock, if any. */
export function waitingCard(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.approval-dock .approval-card[data-state="pending"]');
}

/** Moves the focus to the waiting approval card (its "Allow once" with `toAllow`); false when none waits. */
export function focusWaitingApproval(toAllow = false): boolean {
  const card = waitingCard();
  if (!card) return false;
  const target = toAllow ? (card.querySelector<HTMLElement>('.approval-actions .btn-primary') ?? card) : card;
  target.focus();
  return true;
}

/** After an answer: the next waiting card, else the composer (the message box of the chat or of quick ask). */
export function focusAfterAnswer(toAllow = false): void {
  if (focusWaitingApproval(toAllow)) return;
  const composer = [...document.querySelectorAll<HTMLElement>('textarea[data-composer]')].find((el) => el.getClientRects().length > 0);
  composer?.focus();
}
