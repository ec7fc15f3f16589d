// The text of a heartbeat turn: the active tasks (stored in the session) and the HEARTBEAT_OK contract
// (system text for this turn only, so the token never lands in the chat).
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
  ].join('\n');
}

/** Extra system text for heartbeat turns: running unattended, and the reply contract. */
export const HEARTBEAT_SYSTEM_NOTE = [
  'You are running unattended as the heartbeat: nobody can answer questions or approve actions right now.',
  'Keep the work small. When you are done:',
  `- if nothing deserves the user's attention, reply with ${HEARTBEAT_TOKEN} alone;`,
  `- otherwise write the message for the user (it becomes a desktop notification) and do not include ${HEARTBEAT_TOKEN}.`,
].join('\n');
