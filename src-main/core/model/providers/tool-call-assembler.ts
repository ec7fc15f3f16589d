// Assembles streamed tool-call deltas into whole calls, keyed by id as well as index: servers that omit the
// index (older Ollama), send index 0 for every call (Ollama's parallel calls) or repeat the name in every
// delta (LM Studio) still come out as one call per call the model made.
import type { ToolCall } from '../chat-message';

/** One entry of `choices[].delta.tool_calls[]`, as loosely typed as servers send it. */
export interface ToolCallDelta {
  index?: number;
  id?: string;
  name?: string;
  arguments?: string;
}

interface Building {
  index: number | undefined;
  id: string;
  name: string;
  arguments: string;
}

/** True when `text` is one whole JSON object: the call it belongs to has all its arguments. */
function isWholeObject(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

export class ToolCallAssembler {
  #calls: Building[] = [];

  /**
   * Adds one delta. A new id starts a new call; an id already seen continues its call; without an id the
   * delta continues the latest call with its index (or the latest call when it has no index), unless that
   * call is already complete and the delta brings a new name or a new object: then it is the next call.
   * A name is set, never appended.
   */
  add(delta: ToolCallDelta): void {
    const call = this.#target(delta);
    if (delta.name) call.name = delta.name;
    if (delta.arguments) call.arguments += delta.arguments;
  }

  #target(delta: ToolCallDelta): Building {
    if (delta.id) {
      const known = this.#calls.find((c) => c.id === delta.id);
      if (known) return known;
      const unnamed = this.#latest(delta.index);
      // The id may arrive after a first nameless fragment of the same call.
      if (unnamed && !unnamed.id && !unnamed.name) {
        unnamed.id = delta.id;
        return unnamed;
      }
      return this.#start(delta);
    }
    const latest = this.#latest(delta.index);
    if (!latest) return this.#start(delta);
    const complete = latest.name !== '' && isWholeObject(latest.arguments);
    const newName = delta.name !== undefined && delta.name !== '' && delta.name !== latest.name;
    const newObject = (delta.arguments ?? '').trimStart().startsWith('{');
    if (complete && (newName || newObject)) return this.#start(delta);
    return latest;
  }

  #latest(index: number | undefined): Building | undefined {
    for (let i = this.#calls.length - 1; i >= 0; i--) {
      const c = this.#calls[i]!;
      if (index === undefined || c.index === index) return c;
    }
    return undefined;
  }

  #start(delta: ToolCallDelta): Building {
    const call: Building = { index: delta.index, id: delta.id ?? '', name: '', arguments: '' };
    this.#calls.push(call);
    return call;
  }

  /** The calls in the order they began; calls without a name are dropped, missing ids are made up. */
  calls(): ToolCall[] {
    return this.#calls
      .map((c, i) => ({ id: c.id || `call_${i}`, name: c.name, arguments: c.arguments }))
      .filter((c) => c.name);
  }
}
