// Audit rows for every set attempt (accepted, blocked, read-only, rejected, disabled), never a secret value.
import { afterEach, describe, expect, it } from 'vitest';
import { listAudit, recordAudit } from '../../../src-main/core/store/audit.repo';
import { registerSecret } from '../../../src-main/core/lib/logger';
import { BASE_CONFIG, makePolicy, TOOL_CTX, type PolicyFixture } from '../runtime/policy-fixture';

let f: PolicyFixture;
afterEach(() => f?.close());

function rows() {
  return listAudit(f.db, 50)
    .reverse()
    .map(({ sessionKey, source, key, outcome, detail }) => ({ sessionKey, source, key, outcome, detail }));
}

describe('audit', () => {
  it('writes one row per set attempt with time, session, source, key, outcome and detail', () => {
    f = makePolicy();
    f.policy.set('max_iterations', 80, TOOL_CTX);
    f.policy.set('bus', 1, TOOL_CTX);
    f.policy.set('web_config', {}, { source: 'ui' });
    f.policy.set('max_iterations', 500, { sessionKey: 'desktop:d', source: 'ui' });
    f.policy.set('model', 'x', TOOL_CTX);
    f.policy.set('note', 'hello', TOOL_CTX);
    f.policy.set('model_preset', 'fast', TOOL_CTX);
    f.policy.set('', 1, { source: 'cli' });
    expect(rows()).toEqual([
      { sessionKey: 'cli:x', source: 'tool', key: 'max_iterations', outcome: 'accepted', detail: 'max_iterations: 40 -> 80' },
      { sessionKey: 'cli:x', source: 'tool', key: 'bus', outcome: 'blocked', detail: 'BLOCKED bus' },
      { sessionKey: null, source: 'ui', key: 'web_config', outcome: 'read_only', detail: 'READ_ONLY web_config' },
      { sessionKey: 'desktop:d', source: 'ui', key: 'max_iterations', outcome: 'rejected', detail: "'max_iterations' must be <= 100" },
      { sessionKey: 'cli:x', source: 'tool', key: 'model', outcome: 'rejected', detail: 'SESSION_GUARD model' },
      { sessionKey: 'cli:x', source: 'tool', key: 'note', outcome: 'accepted', detail: 'scratchpad.note: (unset) -> "hello"' },
      { sessionKey: 'cli:x', source: 'tool', key: 'model_preset', outcome: 'accepted', detail: 'model_preset: "default" -> "fast"' },
      { sessionKey: null, source: 'cli', key: '', outcome: 'rejected', detail: 'empty key' },
    ]);
    expect(listAudit(f.db, 1)[0]?.at).toBe(1_700_000_000_000);
  });

  it('checks are not audited', () => {
    f = makePolicy();
    f.policy.check('max_iterations', TOOL_CTX);
    f.policy.check(undefined, TOOL_CTX);
    expect(rows()).toEqual([]);
  });

  it('never writes values of sensitive keys', () => {
    f = makePolicy();
    const secret = 'sk-audit-secret-value-42';
    f.policy.set('api_key', secret, TOOL_CTX);
    f.policy.set('API_KEY', secret, TOOL_CTX);
    f.policy.set('token', secret, { source: 'ui' });
    f.policy.set('model.password', secret, TOOL_CTX);
    f.policy.set('web_config.search.api_key', secret, TOOL_CTX);
    f.policy.set('creds', { password: secret }, TOOL_CTX);
    const all = rows();
    expect(all.map((r) => r.outcome)).toEqual(['blocked', 'blocked', 'blocked', 'blocked', 'read_only', 'rejected']);
    expect(all[0]?.detail).toBe('BLOCKED api_key');
    expect(all[3]?.detail).toBe('BLOCKED password');
    expect(JSON.stringify(all)).not.toContain(secret);
  });

  it('scrubs known secrets even from an accepted value', () => {
    f = makePolicy();
    registerSecret('sk-live-provider-secret-999');
    f.policy.set('oops', 'key is sk-live-provider-secret-999', TOOL_CTX);
    expect(rows()[0]?.detail).toBe('scratchpad.oops: (unset) -> "key is [redacted]"');
  });

  it('records refused sets while allow_set is false', () => {
    f = makePolicy({ ...BASE_CONFIG, tools: { my: { allowSet: false } } });
    f.policy.set('max_iterations', 80, { source: 'ui' });
    expect(rows()).toEqual([
      { sessionKey: null, source: 'ui', key: 'max_iterations', outcome: 'disabled', detail: 'DISABLED max_iterations' },
    ]);
  });

  it('lists newest first and bounds long keys and details', () => {
    f = makePolicy();
    recordAudit(f.db, { at: 1, sessionKey: null, source: 'cli', key: 'k'.repeat(500), outcome: 'rejected', detail: 'd'.repeat(900) });
    recordAudit(f.db, { at: 2, sessionKey: null, source: 'cli', key: 'second', outcome: 'accepted', detail: '' });
    const [newest, oldest] = listAudit(f.db, 10);
    expect(newest?.key).toBe('second');
    expect(oldest?.key.length).toBe(200);
    expect(oldest?.detail.length).toBe(300);
    expect(listAudit(f.db, 1)).toHaveLength(1);
  });
});
