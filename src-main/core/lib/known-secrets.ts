// The process-wide list of secrets the core knows (API keys, header and env values, proxy credentials,
// the browser host token, MCP sign-ins) and the one way to scrub them from text (`scrubSecrets`, or a
// `secretStream` for text that arrives in pieces); sources are read again before each tool result is scrubbed, so
// a secret another process wrote since (a browser host started later) is known in time.
import { MIN_SECRET_LENGTH } from './secret-forms';
import { compileScrubber, type Scrubber } from './secret-scrubber';
import { SecretStream } from './secret-stream';

const secrets = new Set<string>();
let compiled: Scrubber | undefined;

/** Every secret the core learns is registered here, so no tool result, event or log line carries it. */
export function registerSecret(value: string | undefined | null): void {
  if (!value || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  compiled = undefined;
}

const sources = new Set<() => Iterable<string | undefined>>();

/**
 * Adds a source of secrets that can change while the process runs (a file another process writes); it is read now
 * and on every `refreshKnownSecrets`, until the returned disposer runs. A source keeps its reading cheap (a stat).
 */
export function addSecretSource(source: () => Iterable<string | undefined>): () => void {
  sources.add(source);
  for (const value of source()) registerSecret(value);
  return () => sources.delete(source);
}

/** Reads every source again and registers what is new (before a tool result is scrubbed). */
export function refreshKnownSecrets(): void {
  for (const source of sources) for (const value of source()) registerSecret(value);
}

export function knownSecrets(): ReadonlySet<string> {
  return secrets;
}

/** The scrubber for every registered secret (rebuilt only after a new one is registered). */
function knownSecretScrubber(): Scrubber {
  compiled ??= compileScrubber(secrets);
  return compiled;
}

/**
 * `text` with every registered secret, and each of `also` (a key not registered yet: one a form is testing), in every
 * encoded form replaced by [redacted]. The one function that scrubs text.
 */
export function scrubSecrets(text: string, also: Iterable<string> = []): string {
  const extra = [...also].filter((value) => value.length >= MIN_SECRET_LENGTH && !secrets.has(value));
  return extra.length ? compileScrubber([...secrets, ...extra]).scrub(text) : knownSecretScrubber().scrub(text);
}

/** True when `text` holds any registered secret in any of its forms. */
export function containsSecret(text: string): boolean {
  return knownSecretScrubber().contains(text);
}

/** A scrubber for text that arrives in pieces (a streamed answer), for every secret registered now. */
export function secretStream(): SecretStream {
  return new SecretStream(knownSecretScrubber(), secrets);
}
