// Keeps V8's young generation from growing in the long-running daemon: under steady work it climbs to 32 MB and stays.
import { setRuntimeV8Flags } from './runtime-v8-flags';

/**
 * V8 doubles the young generation (up to 32 MB on 64-bit Node 20) whenever the bytes that survived its collections add
 * up to its size, and halves it again only in a full collection while allocation runs under ~1 MB/s. A daemon running
 * a job a second allocates about that much, so over a 10-minute soak its young generation climbed 1 → 32 MB and stayed
 * there: most of its RSS growth. With a growth factor of 1 the young generation keeps the size it has when this is
 * called (it can still shrink); the cost is more, equally short, minor collections during a burst of work. V8 reads
 * the flag at each growth step, so setting it at run time takes effect (command-line flags are read only at start-up).
 */
export function stopYoungGenerationGrowth(): void {
  setRuntimeV8Flags('--semi-space-growth-factor=1');
}
