// A throw-away NANOTRAY_HOME for a test, with an optional config.json, removed afterwards.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempHome {
  home: string;
  workspace: string;
  configFile: string;
  writeConfig(config: unknown): void;
  cleanup(): void;
}

/** `parent`: where the home is made (default the OS temp folder). */
export function makeTempHome(config?: unknown, parent: string = tmpdir()): TempHome {
  const home = mkdtempSync(join(parent, 'nanotray-test-'));
  const workspace = join(home, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const configFile = join(home, 'config.json');
  const writeConfig = (c: unknown) => writeFileSync(configFile, JSON.stringify(c, null, 2));
  if (config !== undefined) writeConfig(config);
  return { home, workspace, configFile, writeConfig, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/** The approval modes (`tools.approval.mode`) a test states. */
export type ApprovalMode = 'ask' | 'auto' | 'readonly';

/**
 * A config pointing the `test` provider at a scripted server, in the approval mode the test states (no default:
 * a test copied as an example shows which mode it exercises). `extra.tools.approval` still wins.
 */
export function testConfig(baseUrl: string, approvalMode: ApprovalMode, extra: Record<string, any> = {}): Record<string, any> {
  const { agent, tools, ...rest } = extra;
  return {
    providers: { test: { apiKey: 'sk-test-secret-key-123456', baseUrl } },
    agent: { provider: 'test', model: 'fake-model', providerRetryMode: 'none', ...agent },
    tools: { approval: { mode: approvalMode }, ...tools },
    heartbeat: { enable: false },
    ...rest,
  };
}
