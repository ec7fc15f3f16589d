// The rules tests/README.md sets for security tests: named `*.security.test.ts` or `*.e2e.test.ts`, and every one
// that starts a core states its approval mode.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SECURITY = fileURLToPath(new URL('../security/', import.meta.url));
const files = readdirSync(SECURITY).filter((name) => name.endsWith('.test.ts'));

/** Helpers that start a core (or its config) for a test. */
const STARTS_A_CORE = /\b(useScriptedCore|useCliHarness|startE2eApp|testConfig|makeTempHome|createCore)\(/;
const STATES_A_MODE = /\bapprovalMode: '(ask|auto|readonly)'|\bapproval: \{ mode: '(ask|auto|readonly)'|testConfig\([^,]+, '(ask|auto|readonly)'/;

describe('security tests', () => {
  it('are named <attack>.security.test.ts or <attack>.e2e.test.ts', () => {
    expect(files.filter((name) => !/\.(security|e2e)\.test\.ts$/.test(name))).toEqual([]);
  });

  it('state their approval mode when they start a core', () => {
    const silent = files.filter((name) => {
      const source = readFileSync(SECURITY + name, 'utf8');
      return STARTS_A_CORE.test(source) && !STATES_A_MODE.test(source);
    });
    expect(silent).toEqual([]);
  });
});
