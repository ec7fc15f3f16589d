// Why a shell command is not covered by a rule: a closed set of codes, each with the text people read (its words in
// the desktop catalogue, src-preload/contract/desktop-texts.ts).
import { wordRef, type DesktopTextKey } from '../../../../src-preload/contract/desktop-texts';
import { NEVER_COVERED_CODES, RULE_MISSING_CODES } from '../../../../src-preload/contract/uncovered-codes';

export type NeverCoveredCode = (typeof NEVER_COVERED_CODES)[number];
export type UncoveredCode = NeverCoveredCode | (typeof RULE_MISSING_CODES)[number];

/** A reason plus the piece of the command it is about (a program, an option, a path, a construct). */
export interface Uncovered {
  code: UncoveredCode;
  detail: string;
}

/**
 * What the approval card and the CLI prompt show: the code for programs, the message for people (English), and the
 * piece it is about, so the window words it in the user's language from the same catalogue.
 */
export interface UncoveredView {
  code: UncoveredCode;
  message: string;
  detail: string;
}

export function uncovered(code: UncoveredCode, detail: string): Uncovered {
  return { code, detail };
}

/** True when no rule (not even one for the exact command) may cover a command with this reason. */
export function isNeverCovered(code: UncoveredCode): code is NeverCoveredCode {
  return (NEVER_COVERED_CODES as readonly string[]).includes(code);
}

/** The catalogue text of a reason (the type fails to compile when a code has none). */
function textKeyOf(code: UncoveredCode): DesktopTextKey {
  const key: `uncovered.${UncoveredCode}` & DesktopTextKey = `uncovered.${code}`;
  return key;
}

/** One sentence for people, in English (the CLI prompt, the model): what was found and why no rule covers it. */
export function describeUncovered(reason: Uncovered): string {
  return wordRef('en', { key: textKeyOf(reason.code), values: { d: reason.detail } });
}

export function viewOf(reason: Uncovered): UncoveredView {
  return { code: reason.code, message: describeUncovered(reason), detail: reason.detail };
}
