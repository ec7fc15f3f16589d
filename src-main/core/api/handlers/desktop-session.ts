// A new window chat: its key minted (`desktop:<12 hex>`), its row made, and the windows told. chat:new-session and
// a `/new` typed in the window both start one here.
import { randomBytes } from 'node:crypto';
import type { Core } from '../../nanotray-core';
import { ensureSession, setSessionTitle } from '../../store/sessions.repo';

/** Creates the session (titled when `title` has text) and returns its key. */
export function newDesktopSession(core: Pick<Core, 'db' | 'clock' | 'events'>, title?: string): string {
  const sessionKey = `desktop:${randomBytes(6).toString('hex')}`;
  ensureSession(core.db, sessionKey, core.clock.now());
  if (title?.trim()) setSessionTitle(core.db, sessionKey, title);
  core.events.emit({ type: 'session.changed', sessionKey, change: 'created' });
  return sessionKey;
}
