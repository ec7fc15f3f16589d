// The slash-command port over core.runtime: /my and /model answer with the policy's texts.
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeCommandPort } from '../../../src-main/core/runtime/runtime-command-port';
import type { RuntimeApi } from '../../../src-main/core/runtime/install-runtime';
import { listAudit } from '../../../src-main/core/runtime/audit.repo';
import { BASE_CONFIG, makePolicy, type PolicyFixture } from './policy-fixture';

let f: PolicyFixture;
afterEach(() => f?.close());

function api(fx: PolicyFixture): RuntimeApi {
  return {
    check: (k, c) => fx.policy.check(k, c),
    set: (k, v, c) => fx.policy.set(k, v, c),
    overview: (s) => fx.policy.overview({ sessionKey: s, source: 'cli' }),
    listAudit: (n) => listAudit(fx.db, n),
    presets: (s) => fx.policy.presets(s),
    setSubagentSource: () => () => {},
    onChange: () => () => {},
  };
}

describe('runtimeCommandPort', () => {
  it('/my and /model use the policy', async () => {
    f = makePolicy();
    const port = runtimeCommandPort(api(f), 'cli');
    expect(await port.check('cli:x', 'max_iterations')).toBe('max_iterations: 40');
    expect(await port.check('cli:x', 'bus')).toBe("Error: 'bus' is not accessible");
    expect(await port.setModelPreset('cli:x', 'fast')).toBe(
      'Set model_preset = "fast" for the next turn; model will be "fast-model"; context_window_tokens will be 128000',
    );
    expect(await port.setModelPreset('cli:x', 'nope')).toBe("Error: model_preset 'nope' not found. Available: default, fast.");
    expect(listAudit(f.db, 5).map((r) => r.source)).toEqual(['cli', 'cli']);
  });

  it('/model is refused like any set when allow_set is false', async () => {
    f = makePolicy({ ...BASE_CONFIG, tools: { my: { allowSet: false } } });
    expect(await runtimeCommandPort(api(f)).setModelPreset('desktop:1', 'fast')).toBe(
      'Error: set is disabled (tools.my.allow_set is false)',
    );
  });
});
