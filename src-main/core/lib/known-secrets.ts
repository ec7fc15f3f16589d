// The process-wide list of secrets the core knows (API keys, header and env values, proxy credentials,
// the browser host token) and the scrubber built from it.
import { MIN_SECRET_LENGTH } from './secret-forms';
import { compileScrubber, type Scrubber } from './secret-scrubber';

const secrets = new Set<string>();
let compiled: Scrubber | undefined;

/** Every secret the core learns is registered here, so no tool result, event or log line carries it. */
export function registerSecret(value: string | undefined | null): void {
  if (!value || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  compiled = undefined;
}

export function knownSecrets(): ReadonlySet<string> {
  return secrets;
}

/** The scrubber for every registered secret (rebuilt only after a new one is registered). */
export function knownSecretScrubber(): Scrubber {
  compiled ??= compileScrubber(secrets);
  return compiled;
}

/** `text` with every registered secret (in every encoded form) replaced by [redacted]. */
export function scrubKnownSecrets(text: string): string {
  return knownSecretScrubber().scrub(text);
}
