// createCore in a long-running host: the background work (sandbox probe, workspace watcher, MCP connections, the
// scheduler lease with heartbeat and cron) waits until createCore has returned and the host has shown itself, then
// all of it starts (core.started); a core disposed before that starts none of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCore, type Core, type CoreOptions } from '../../src-main/core/nanotray-core';
import { createExecSandbox } from '../../src-main/core/tools/os-sandbox/exec-sandbox';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import { deadPort } from '../helpers/dead-port';
import { makeTempHome } from '../helpers/temp-home';
import { useTempCores } from '../helpers/temp-cores';

const t = useTempCores();

/** A sandbox whose probe only counts how often it ran (answers "not installed"). */
function countingSandbox() {
  const probe = { calls: 0 };
  const sandbox = createExecSandbox(async () => {
    probe.calls++;
    return { ok: false, reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed' };
  });
  return { probe, sandbox };
}

function open(options: Partial<CoreOptions>): Core {
  const created = createCore({ host: 'daemon', home: t.home!.home, env: {}, ...options });
  if (!created.ok) throw new Error(created.error);
  t.cores.push(created.value);
  return created.value;
}

describe('the background work of a long-running host', () => {
  it('starts after createCore returned, all of it: probe, watcher, MCP, lease with heartbeat and cron', async () => {
    const port = await deadPort();
    t.home = makeTempHome({ heartbeat: { enable: true, intervalMinutes: 30 }, mcpServers: { far: { url: `http://127.0.0.1:${port}/mcp` } } });
    const { probe, sandbox } = countingSandbox();
    const core = open({ startBackground: true, tools: { exec: { sandbox } } });
    // createCore has returned: the host shows its tray now, before any of it.
    expect(probe.calls).toBe(0);
    expect(core.scheduler.owner()).toBeUndefined();
    expect(core.cron.status().started).toBe(false);
    expect(core.mcp.status()[0]).toMatchObject({ name: 'far', state: 'idle' });

    await core.started;
    expect(probe.calls).toBe(1);
    expect(core.scheduler.owner()).toMatchObject({ here: true, host: 'daemon' });
    expect(core.cron.status().started).toBe(true);
    expect(core.heartbeat.status().nextRunAt).not.toBeNull();
    expect(core.mcp.status()[0]!.state).not.toBe('idle');

    // The watcher records an edit made by another program.
    const changes: CoreEvent[] = [];
    core.events.on((e) => e.type === 'memory.changed' && changes.push(e));
    const soul = join(core.workspace(), 'SOUL.md');
    writeFileSync(soul, `${readFileSync(soul, 'utf8')}\nEdited in another editor.\n`);
    await vi.waitFor(() => expect(changes).toEqual([{ type: 'memory.changed', path: 'SOUL.md', author: 'external' }]), { timeout: 5000 });
  });

  it('a core disposed before it started starts none of it, and another core takes the lease at once', async () => {
    t.home = makeTempHome({ heartbeat: { enable: true } });
    const { probe, sandbox } = countingSandbox();
    const first = open({ startBackground: true, tools: { exec: { sandbox } } });
    await t.cores.shift()!.dispose();
    await first.started;
    expect(probe.calls).toBe(0);

    const second = open({ startBackground: true });
    await second.started;
    expect(second.scheduler.owner()).toMatchObject({ here: true });
  });

  it('a one-shot host (no background work) is started at once and probes only when exec needs it', async () => {
    t.home = makeTempHome({});
    const { probe, sandbox } = countingSandbox();
    const core = open({ host: 'cli', startBackground: false, tools: { exec: { sandbox } } });
    await core.started;
    expect(probe.calls).toBe(0);
    expect(core.scheduler.owner()).toBeUndefined();
    expect(core.cron.status().started).toBe(false);
  });
});
