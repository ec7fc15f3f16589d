// One exec call reads its command on the bash grammar once: the gate's preflight, its approval subject and the run
// share that parse (counted through a spy on the parser), and each still checks the command where it runs.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configSchema } from '../../../../src-preload/contract/config-schema';
import type { CoreEvent } from '../../../../src-preload/contract/event-schemas';
import { openDatabase, type Database } from '../../../../src-main/core/store/db';
import { ApprovalService } from '../../../../src-main/core/tools/approvals/approval-service';
import { createExecTool } from '../../../../src-main/core/tools/exec/exec.tool';
import * as bashParser from '../../../../src-main/core/tools/shell-grammar/bash-parser';
import { ToolRegistry } from '../../../../src-main/core/tools/tool-registry';
import { FakeClock } from '../../../helpers/fake-clock';
import { makeToolFixture, type ToolFixture } from '../tool-context-fixture';

vi.mock('../../../../src-main/core/tools/shell-grammar/bash-parser', async (importOriginal) => {
  const original = await importOriginal<typeof bashParser>();
  return { ...original, withBashTree: vi.fn(original.withBashTree) };
});

const config = configSchema.parse({ tools: { approval: { mode: 'ask' }, exec: { enable: true, sandbox: 'off' } } });
let fx: ToolFixture;
let db: Database;
let events: CoreEvent[];
let service: ApprovalService;
let registry: ToolRegistry;

beforeAll(async () => {
  await bashParser.preloadBashParser();
});

beforeEach(() => {
  fx = makeToolFixture();
  db = openDatabase(':memory:');
  events = [];
  service = new ApprovalService({ db, emit: (e) => events.push(e), clock: new FakeClock(1_000), config: () => config });
  registry = new ToolRegistry(service);
  registry.register(createExecTool({ parentEnv: { PATH: process.env.PATH ?? '' } }));
  vi.mocked(bashParser.withBashTree).mockClear();
});

afterEach(() => {
  service.dispose();
  db.close();
  fx.cleanup();
});

describe('exec in approval mode ask', () => {
  it('parses the command once for preflight, approval and run', async () => {
    const pending = registry.execute('exec', { command: 'echo parsed-once' }, fx.ctx({ config, interactive: true }));
    await vi.waitFor(() => expect(service.pending()).toHaveLength(1));
    service.resolve(service.pending()[0]!.id, 'allow_once');
    const result = await pending;
    expect(result).toMatchObject({ ok: true });
    expect(result.ok ? result.output : '').toContain('parsed-once');
    expect(bashParser.withBashTree).toHaveBeenCalledTimes(1);
  });

  it('parses each call anew (a second call with the same command is read again)', async () => {
    const ctx = fx.ctx({ config, interactive: false });
    await registry.execute('exec', { command: 'echo one' }, ctx);
    await registry.execute('exec', { command: 'echo one' }, ctx);
    expect(bashParser.withBashTree).toHaveBeenCalledTimes(2);
  });

  it('still refuses a blocked command before anyone is asked', async () => {
    const result = await registry.execute('exec', { command: 'rm -rf /' }, fx.ctx({ config, interactive: true }));
    expect(result).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(events.filter((e) => e.type === 'approval.requested')).toEqual([]);
  });
});
