// What a failed turn says to people, on screen and to screen readers alike: with no model connected at all, the
// friendly words of the setup (the core's words name config files and environment variables, not the user's).
import type { AppState } from '../../state/store-types';
import { needsSetup } from '../onboarding/setup-form';

export type TurnErrorItem = { message: string; fix: 'settings' | 'retry' };

/** Whether the turn failed because no model is connected at all (the way out is the setup). */
export function failedForNoModel(state: Pick<AppState, 'settings'>, item: TurnErrorItem): boolean {
  return item.fix === 'settings' && needsSetup(state.settings?.config);
}

/** The failure's words: the setup's when no model is connected, else the core's message. */
export function turnErrorWords(state: Pick<AppState, 'settings'>, item: TurnErrorItem, noModelWords: string): string {
  return failedForNoModel(state, item) ? noModelWords : item.message;
}
