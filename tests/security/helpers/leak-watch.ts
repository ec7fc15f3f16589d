// Every place a secret could leak during one attack: the requests the scripted model received, the
// messages and tool_events tables, the core events (what windows and the CLI show) and stderr (the log).
import { vi } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Core } from '../../../src-main/core/nanotray-core';
import type { ScriptedLlm } from '../../helpers/scripted-llm-server';

export interface LeakWatch {
  readonly events: CoreEvent[];
  /** Each surface's full text, by name. */
  surfaces(): Record<string, string>;
  /** Stops recording (also done by `expectNoLeak`). */
  stop(): void;
}

export function watchLeaks(core: Core, llm: ScriptedLlm): LeakWatch {
  const events: CoreEvent[] = [];
  const off = core.events.on((e) => events.push(e));
  let logs = '';
  const original = process.stderr.write.bind(process.stderr);
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    logs += String(chunk);
    return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write);
  return {
    events,
    surfaces: () => ({
      'model requests': JSON.stringify(llm.requests.map((r) => r.body)),
      'messages table': JSON.stringify(core.db.prepare('SELECT * FROM messages').all()),
      'tool_events table': JSON.stringify(core.db.prepare('SELECT * FROM tool_events').all()),
      'core events': JSON.stringify(events),
      log: logs,
    }),
    stop() {
      off();
      spy.mockRestore();
    },
  };
}

/** True when some base64 or base64url run in `text` (line breaks ignored) decodes to bytes holding `secret`. */
export function hiddenInBase64(text: string, secret: string): boolean {
  const runs = text.replace(/\\n/g, '\n').replace(/[\r\n]/g, '').match(/[A-Za-z0-9+/_=-]{8,}/g) ?? [];
  return runs.some((run) =>
    [0, 1, 2, 3].some((skip) => {
      const part = run.slice(skip);
      return [Buffer.from(part, 'base64'), Buffer.from(part, 'base64url')].some((b) => b.includes(secret));
    }),
  );
}

/** The forms a test looks for independently of the scrubber: raw, hex, URL-encoded, and decoded base64. */
export function leakedForm(text: string, secret: string): string | undefined {
  if (text.includes(secret)) return 'raw';
  const hex = Buffer.from(secret).toString('hex');
  if (text.toLowerCase().includes(hex)) return 'hex';
  if (encodeURIComponent(secret) !== secret && text.includes(encodeURIComponent(secret))) return 'url-encoded';
  if (hiddenInBase64(text, secret)) return 'base64';
  return undefined;
}

/** Fails naming the surface and the form when any secret shows up anywhere. */
export function expectNoLeak(watch: LeakWatch, secrets: string[]): void {
  watch.stop();
  const found: string[] = [];
  for (const [surface, text] of Object.entries(watch.surfaces())) {
    for (const secret of secrets) {
      const form = leakedForm(text, secret);
      if (form) found.push(`${secret.slice(0, 6)}… as ${form} in the ${surface}`);
    }
  }
  if (found.length) throw new Error(`secret leaked: ${found.join('; ')}`);
}
