// The provider compatibility suite's harness: a core on a scripted server that bends the protocol like a real one,
// a two-turn session through the real agent loop, and readers for what was stored and what the second turn sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TurnResult } from '../../src-main/core/agent/session-runner';
import { listMessages, type StoredMessage } from '../../src-main/core/store/messages.repo';
import type { ServerQuirks } from '../helpers/scripted-llm-server';
import { useScriptedCore, type ScriptedCore } from '../helpers/scripted-core';

export const SESSION = 'compat:a';

export interface Compat {
  t: ScriptedCore;
  /** Opens a core whose provider `test` talks to a server with these quirks (config extra as in testConfig). */
  open(quirks: ServerQuirks, extra?: Record<string, unknown>): void;
  /** One user turn in the session. */
  turn(text: string): Promise<TurnResult>;
  /** The stored messages of the session, oldest first. */
  stored(): StoredMessage[];
  /** The messages the last chat request sent (wire shape). */
  lastSentMessages(): Record<string, any>[];
  /** Events of one type seen so far. */
  events<T extends string>(type: T): Record<string, any>[];
}

/** Registers the harness hooks; call once at the top of a compat test file. */
export function useCompat(): Compat {
  const t = useScriptedCore({ approvalMode: 'auto' });
  let seen: Record<string, any>[] = [];
  return {
    t,
    open(quirks, extra = {}) {
      const core = t.open(extra);
      t.llm.setQuirks(quirks);
      seen = [];
      core.events.on((e) => seen.push(e as Record<string, any>));
      writeFileSync(join(t.home.workspace, 'notes.md'), 'Buy milk.\n');
    },
    turn: (text) => t.core.sessions.run({ sessionKey: SESSION, text }),
    stored: () => listMessages(t.core.db, SESSION),
    lastSentMessages: () => (t.llm.requests.at(-1)?.body?.messages ?? []) as Record<string, any>[],
    events: (type) => seen.filter((e) => e.type === type),
  };
}

/** Every assistant tool call stored in the session has JSON-object arguments (what strict servers require). */
export function expectValidHistory(stored: StoredMessage[]): void {
  for (const m of stored) {
    for (const call of m.toolCalls) {
      const parsed: unknown = JSON.parse(call.arguments);
      expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)).toBe(true);
    }
  }
}

/** `[role, content, tool names]` of each stored message: the shape of a session at a glance. */
export function outline(stored: StoredMessage[]): [string, string | null, string[]][] {
  return stored.map((m) => [m.role, m.content, m.toolCalls.map((c) => c.name)]);
}
