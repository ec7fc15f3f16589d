// The end of a session's history: how a turn ended (its stored error or stop), and the user message an answer
// belongs to (what edit and resend, and regenerate, start from; see message-versions.repo.ts for what they keep).
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseRow, parseRows } from './row-parsing';
import { turnEndSchema, type TurnEnd } from '../../../src-preload/contract/chat-schemas';

export type { TurnEnd };

/**
 * The `meta.turnEnd` of a stored row, when it is one: how a turn that did not simply complete ended, stored
 * with it as a system row the model never sees (the row's content is the message for people).
 */
export function storedTurnEnd(meta: Record<string, unknown>): TurnEnd | undefined {
  const parsed = turnEndSchema.safeParse(meta.turnEnd);
  return parsed.success ? parsed.data : undefined;
}

const userRowSchema = z.object({ id: z.number(), turn_id: z.string().nullable(), content: z.string().nullable() });

/** A stored user message: its id, its turn, its text. */
export interface UserMessageRef {
  id: number;
  turnId: string | null;
  text: string;
}

function toRef(raw: unknown): UserMessageRef | undefined {
  const r = parseRow('messages', userRowSchema, raw);
  return r ? { id: r.id, turnId: r.turn_id, text: r.content ?? '' } : undefined;
}

/** The session's newest user message (what "regenerate" answers again). */
export function lastUserMessage(db: Database, sessionKey: string): UserMessageRef | undefined {
  return toRef(
    cachedStatement(db, "SELECT id, turn_id, content FROM messages WHERE session_key = ? AND role = 'user' ORDER BY id DESC LIMIT 1").get(sessionKey),
  );
}

/** The user message a turn started with (the first user row of that turn in the session). */
export function userMessageOfTurn(db: Database, sessionKey: string, turnId: string): UserMessageRef | undefined {
  return toRef(
    cachedStatement(db, "SELECT id, turn_id, content FROM messages WHERE session_key = ? AND turn_id = ? AND role = 'user' ORDER BY id LIMIT 1").get(
      sessionKey,
      turnId,
    ),
  );
}
