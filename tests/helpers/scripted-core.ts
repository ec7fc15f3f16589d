// One scripted model server per test file and a fresh core (temp home) per test, cleaned up after each.
import { afterEach } from 'vitest';
import { createCore, type Core, type CoreOptions } from '../../src-main/core/nanotray-core';
import type { ScriptedLlm } from './scripted-llm-server';
import { useScriptedLlm } from './use-scripted-llm';
import { makeTempHome, testConfig, type ApprovalMode, type TempHome } from './temp-home';

export interface ScriptedCore {
  /** The file's scripted OpenAI-compatible server (requests and fallback reset after each test). */
  readonly llm: ScriptedLlm;
  /** The core opened by the current test. */
  readonly core: Core;
  readonly home: TempHome;
  /** Opens a core on a new temp home whose config points at the scripted server (`testConfig` + extra). */
  open(extra?: Record<string, unknown>, options?: Partial<CoreOptions>): Core;
}

/**
 * Registers the hooks; call once at the top of a test file. `approvalMode`: the file's approval mode (an `open`
 * whose extra config names `tools.approval` overrides it). `tempRoot`: where the temp homes are made (the exec
 * sandbox tests use /var/tmp, because the sandbox's private /tmp would hide a home under /tmp anyway).
 */
export function useScriptedCore(setup: { approvalMode: ApprovalMode; tempRoot?: string }): ScriptedCore {
  const server = useScriptedLlm();
  let home: TempHome | undefined;
  let core: Core | undefined;
  afterEach(async () => {
    await core?.dispose();
    core = undefined;
    home?.cleanup();
    home = undefined;
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: call open() in the test first`);
    return value;
  };
  return {
    get llm() {
      return need(server(), 'scripted server');
    },
    get core() {
      return need(core, 'core');
    },
    get home() {
      return need(home, 'home');
    },
    open(extra = {}, options = {}) {
      home = makeTempHome(testConfig(need(server(), 'scripted server').baseUrl, setup.approvalMode, extra), setup.tempRoot);
      const created = createCore({ host: 'test', env: {}, ...options, home: home.home });
      if (!created.ok) throw new Error(created.error);
      core = created.value;
      return core;
    },
  };
}
