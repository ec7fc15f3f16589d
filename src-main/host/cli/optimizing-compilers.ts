// Keeps the long-running daemon's code on V8's baseline tier: its optimising compilers' threads grow its memory for good.
import { setRuntimeV8Flags } from './runtime-v8-flags';

/**
 * V8 optimises hot functions (TurboFan; also Maglev on newer Node) on its 4 worker threads, and glibc gives each thread
 * its own malloc arena, which keeps the pages those compilations touched. A daemon running a job a second warms one
 * function after another (~40 optimisations a minute in the first minutes, Node's own fetch and path code as much as
 * ours, plus re-optimisations when a GC drops objects optimised code depended on), so in a 10-minute soak of 1-second
 * jobs those arenas grew 2.0 → 7.9 MB, still rising in steps at the end: most of the daemon's RSS growth. With this
 * call they stayed at 1.3 MB (what start-up compiled before it). The daemon's turns mostly wait on the model: CPU per
 * 1-second job was the same (8.6 ms, 8.5 without the call), while JavaScript-heavy work runs slower on the baseline
 * tier (js-tiktoken counting 78,000 tokens 190 → 230 ms). Only the daemon calls this, not the one-shot commands nor the
 * app. `--no-concurrent-recompilation` or MALLOC_ARENA_MAX would keep optimising on the main thread or in fewer arenas,
 * but only work on the command line; these flags are read at each tiering decision, so setting them at run time takes
 * effect for all code from then on (`--no-turbofan` alone already stops Maglev on Node 20, not on newer V8).
 */
export function stopOptimizingCompilers(): void {
  setRuntimeV8Flags('--no-turbofan', '--no-maglev');
}
