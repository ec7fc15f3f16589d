// Policy refusals carry a code: it decides the audit outcome, the `my` tool's error code and the IPC error.
import { afterEach, describe, expect, it } from 'vitest';
import { listAudit } from '../../../src-main/core/store/audit.repo';
import { toolErrorOfPolicy } from '../../../src-main/core/runtime/policy-error';
import { ipcCodeOf } from '../../../src-main/core/api/error-table';
import { BASE_CONFIG, code, makePolicy, TOOL_CTX, UI_NO_SESSION, type PolicyFixture } from './policy-fixture';

let f: PolicyFixture;
afterEach(() => f?.close());

describe('policy refusal codes', () => {
  it('each refusal of set has its code, and the audit row has the outcome the code stands for', () => {
    f = makePolicy();
    const cases: [string, unknown, string, string][] = [
      ['bus', 1, 'blocked', 'blocked'],
      ['web_config', false, 'read_only', 'read_only'],
      ['max_iterations', 500, 'invalid', 'rejected'],
      ['model_preset', 'nope', 'not_found', 'rejected'],
      ['model', 'other-model', 'in_session', 'rejected'],
      ['missing.leaf', 1, 'not_found', 'rejected'],
    ];
    for (const [key, value, expected] of cases) expect(code(f.policy.set(key, value, TOOL_CTX))).toBe(expected);
    const outcomes = listAudit(f.db, 20).reverse().map((r) => [r.key, r.outcome]);
    expect(outcomes).toEqual(cases.map(([key, , , outcome]) => [key, outcome]));
  });

  it('set while allowSet is false is disabled; check refusals are blocked, not_found or unavailable (never audited)', () => {
    f = makePolicy({ ...BASE_CONFIG, tools: { my: { enable: true, allowSet: false } } });
    expect(code(f.policy.set('max_iterations', 80, TOOL_CTX))).toBe('disabled');
    expect(listAudit(f.db, 5).map((r) => r.outcome)).toEqual(['disabled']);
    expect(code(f.policy.check('secrets', TOOL_CTX))).toBe('blocked');
    expect(code(f.policy.check('web_config.search.api_key', TOOL_CTX))).toBe('blocked');
    expect(code(f.policy.check('nothing_here', TOOL_CTX))).toBe('not_found');
    expect(code(f.policy.check('request.channel', UI_NO_SESSION))).toBe('unavailable');
    expect(listAudit(f.db, 5)).toHaveLength(1);
  });

  it('maps to the tool codes and IPC codes the rest of the app reads (the text stays the spec text)', () => {
    const message = "Error: 'bus' is protected and cannot be modified";
    expect(toolErrorOfPolicy({ code: 'blocked', message })).toEqual({ code: 'refused', message });
    expect(toolErrorOfPolicy({ code: 'disabled', message }).code).toBe('disabled');
    expect(toolErrorOfPolicy({ code: 'invalid', message }).code).toBe('invalid_args');
    expect(toolErrorOfPolicy({ code: 'in_session', message }).code).toBe('refused');
    expect((['disabled', 'blocked', 'read_only', 'in_session'] as const).map(ipcCodeOf)).toEqual(['forbidden', 'forbidden', 'forbidden', 'forbidden']);
    expect(ipcCodeOf('invalid')).toBe('invalid_input');
    expect(ipcCodeOf('not_found')).toBe('not_found');
    expect(ipcCodeOf('unavailable')).toBe('unavailable');
  });
});
