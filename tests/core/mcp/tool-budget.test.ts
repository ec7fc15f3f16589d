// The tool budget: shares of the limit (largest servers give way first), config filters, task-only tools, and the
// real registry never offering more than tools.maxTools.
import { afterEach, describe, expect, it } from 'vitest';
import { budgetReport, configuredTools, describeBudget, shareBudget } from '../../../src-main/core/mcp/tool-budget';
import { depthServer, fixtureServer, startCore, type McpTestCore } from './mcp-test-kit';

let t: McpTestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The depth fixture's tools that can be offered (all but the task-only one). */
const DEPTH_TOOLS = 7;

const tool = (name: string, taskSupport?: string) => ({ name, ...(taskSupport ? { execution: { taskSupport } } : {}) });

describe('shareBudget', () => {
  it('small servers keep everything, the largest gives way', () => {
    expect(shareBudget(new Map([['big', 345], ['mail', 12], ['files', 5]]), 100)).toEqual(new Map([['files', 5], ['mail', 12], ['big', 83]]));
  });

  it('splits evenly between equal servers, and gives nothing when there is no room', () => {
    expect(shareBudget(new Map([['a', 50], ['b', 50]]), 60)).toEqual(new Map([['a', 30], ['b', 30]]));
    expect(shareBudget(new Map([['a', 3]]), -4)).toEqual(new Map([['a', 0]]));
  });
});

describe('configuredTools', () => {
  const tools = [tool('read'), tool('write'), tool('delete'), tool('batch', 'required'), tool('maybe', 'optional')];

  it('hides task-only tools; excludeTools wins over includeTools', () => {
    expect(configuredTools({ excludeTools: [] }, tools)).toEqual({ offered: [tools[0], tools[1], tools[2], tools[4]], filtered: 0, taskOnly: 1 });
    expect(configuredTools({ includeTools: ['read', 'delete'], excludeTools: ['delete'] }, tools)).toEqual({ offered: [tools[0]], filtered: 4, taskOnly: 0 });
  });
});

describe('budgetReport', () => {
  it('names the largest servers and what was dropped', () => {
    const report = budgetReport(new Map([['big', 345], ['mail', 12], ['files', 5]]), 20, 128);
    expect(report).toEqual({ limit: 128, wanted: 382, dropped: 254, largest: [{ server: 'big', tools: 345 }, { server: 'mail', tools: 12 }, { server: 'files', tools: 5 }] });
    expect(describeBudget(report!)).toBe(
      '382 tools are offered but the limit is 128 (tools.maxTools): 254 MCP tools are left out, from the largest servers first — big (345), mail (12), files (5). Narrow them with includeTools / excludeTools in mcpServers.',
    );
    expect(budgetReport(new Map([['a', 10]]), 20, 128)).toBeUndefined();
  });
});

describe('the registry under the limit', () => {
  it('never offers more than tools.maxTools; the small server keeps all its tools', async () => {
    t = startCore({ big: depthServer('big', {}, ['--many-tools', '345']), fx: fixtureServer('fx') });
    await t.core.mcp.waitForServers(20_000);
    const specs = t.core.tools.specs();
    expect(specs).toHaveLength(128);
    const [big, fx] = t.core.mcp.status();
    expect(fx).toMatchObject({ name: 'fx', toolCount: 10, hidden: { filtered: 0, taskOnly: 0, overLimit: 0 } });
    // The depth fixture's own tools (minus the task-only one) and the 345 numbered ones, cut to what is left
    // after the built-ins, fx's 10 and the resource tools (list_resources and big's read tool).
    const builtins = t.core.tools.registeredCount();
    expect(big).toMatchObject({ name: 'big', toolCount: 128 - builtins - 10 - 2, hidden: { taskOnly: 1, filtered: 0 } });
    expect(big!.hidden.overLimit).toBe(345 + DEPTH_TOOLS - big!.toolCount);
    expect(t.core.mcp.budget()).toMatchObject({ limit: 128, largest: [{ server: 'big', tools: 345 + DEPTH_TOOLS }, { server: 'fx', tools: 10 }] });
    // The server's own order decides which stay: its first tools.
    expect(big!.tools).toContain('mcp_big_progress');
    expect(big!.tools).not.toContain('mcp_big_t344');
  });

  it('includeTools and excludeTools choose per server; a task-only tool is never offered', async () => {
    t = startCore({
      d: depthServer('d', { includeTools: ['progress', 'ask', 'only_as_task'], excludeTools: ['ask'] }),
      fx: fixtureServer('fx', { excludeTools: ['crash', 'env'] }),
    });
    await t.core.mcp.waitForServers(10_000);
    const [d, fx] = t.core.mcp.status();
    expect(d).toMatchObject({ tools: ['mcp_d_progress'], hidden: { filtered: DEPTH_TOOLS - 1, taskOnly: 1, overLimit: 0 } });
    expect(fx?.tools).not.toContain('mcp_fx_crash');
    expect(fx).toMatchObject({ toolCount: 8, hidden: { filtered: 2 } });
    expect(t.core.mcp.budget()).toBeUndefined();
    expect((await t.core.tools.execute('mcp_d_only_as_task', '{}', t.ctx())).ok).toBe(false);
  });
});
