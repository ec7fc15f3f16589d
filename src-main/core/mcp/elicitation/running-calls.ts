// The calls of one MCP server that are running now: a request the server sends meanwhile (an elicitation) is
// answered in the session of the latest of them, their deadlines pause while the user answers, and a note for the
// model (why Nanotray declined) is attached to the call's result.
import type { ToolContext } from '../../tools/tool';

export interface RunningCall {
  readonly ctx: ToolContext;
  /** Nanotray's own notes for the model, put in front of the call's result. */
  readonly notes: string[];
}

interface Entry extends RunningCall {
  pause(): () => void;
}

export class RunningCalls {
  readonly #calls: Entry[] = [];

  /** Registers a call with its deadline's pause; returns the disposer (call finished). */
  add(ctx: ToolContext, pause: () => () => void): { call: RunningCall; done(): void } {
    const entry: Entry = { ctx, notes: [], pause };
    this.#calls.push(entry);
    return {
      call: entry,
      done: () => {
        const i = this.#calls.indexOf(entry);
        if (i >= 0) this.#calls.splice(i, 1);
      },
    };
  }

  /** The call started last, if any is running. */
  latest(): RunningCall | undefined {
    return this.#calls.at(-1);
  }

  /** The call started last among those someone can answer for (a chat, quick ask, a CLI on a terminal). */
  latestInteractive(): RunningCall | undefined {
    return this.#calls.findLast((c) => c.ctx.interactive);
  }

  /**
   * Pauses the deadline of every running call (the server's request may belong to any of them, and the user's
   * time to answer is no server being slow); returns the resume.
   */
  pauseAll(): () => void {
    const resumes = this.#calls.map((c) => c.pause());
    return () => {
      for (const resume of resumes) resume();
    };
  }
}
