// One scripted model server per test file: started before the first test, closed after the last, its request logs,
// queue, fallback and quirks reset after each test. The shared base of the core harness and the CLI harness.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from './scripted-llm-server';

/** Registers the hooks; the returned getter gives the server (undefined before the file's first test). */
export function useScriptedLlm(): () => ScriptedLlm | undefined {
  let llm: ScriptedLlm | undefined;
  beforeAll(async () => {
    llm = await startScriptedLlm();
  });
  afterAll(async () => {
    await llm?.close();
  });
  afterEach(() => {
    if (!llm) return;
    llm.requests.length = 0;
    llm.modelRequests.length = 0;
    llm.clearQueue();
    llm.setFallback(undefined);
    llm.setQuirks({});
  });
  return () => llm;
}
