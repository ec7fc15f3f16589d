// The text of a heartbeat turn: the active tasks and the HEARTBEAT_OK contract, in the user's local time.
import { HEARTBEAT_TOKEN } from './heartbeat-reply';

/** The user message of one heartbeat run. */
export function heartbeatPrompt(tasks: readonly string[], localTime: string, timeZone: string): string {
  return [
    `[Heartbeat] It is ${localTime} (${timeZone}). This is a scheduled check, not a message from the user.`,
    'Active tasks from HEARTBEAT.md:',
    '',
    ...tasks,
    '',
    'Do what these tasks ask now, using your tools where needed.',
    `Then, if nothing deserves the user's attention, reply with ${HEARTBEAT_TOKEN} alone.`,
    `Otherwise write the message for the user (it becomes a desktop notification) and do not include ${HEARTBEAT_TOKEN}.`,
  ].join('\n');
}

/** Extra system text for heartbeat turns. */
export const HEARTBEAT_SYSTEM_NOTE =
  'You are running unattended as the heartbeat: nobody can answer questions or approve actions right now. ' +
  'Keep the work small and only report what the user would want to be interrupted for.';
