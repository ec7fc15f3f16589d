// The o200k_base encoder of js-tiktoken: its own module, so the 2 MB of ranks are parsed only when token-estimate.ts imports it.
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';

/** A new encoder over the o200k_base ranks (building its tables is the slow part: call once per process). */
export function createO200kEncoder(): Tiktoken {
  return new Tiktoken(o200kBase);
}
