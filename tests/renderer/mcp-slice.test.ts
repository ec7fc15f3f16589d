// MCP slice: status for the runtime panel, and the tool-limit warning shown once in each chat.
import { describe, expect, it } from 'vitest';
import { makeTestStore, ok } from './fake-api';

const budget = { limit: 128, wanted: 382, dropped: 254, largest: [{ server: 'big', tools: 345 }], message: '382 tools are offered but the limit is 128.' };
const history = (sessionKey: string) => ok({ sessionKey, messages: [], toolEvents: [], hasMore: false });

describe('mcp slice', () => {
  it('loads the servers and the budget', async () => {
    const { store } = makeTestStore({ mcp: { status: () => ok({ servers: [{ name: 'big', transport: 'stdio', state: 'connected', tools: [] }], budget }) } });
    await store.getState().loadMcp();
    expect(store.getState().mcpServers.map((s) => s.name)).toEqual(['big']);
    expect(store.getState().mcpBudget).toEqual(budget);
  });

  it('warns once per chat when a turn starts while the limit cuts tools', async () => {
    const { store, fake } = makeTestStore({
      mcp: { status: () => ok({ servers: [], budget }) },
      chat: { history: ({ sessionKey }: { sessionKey: string }) => history(sessionKey) },
    });
    await store.getState().loadMcp();
    await store.getState().selectSession('desktop:a');
    fake.emit({ type: 'turn.started', sessionKey: 'desktop:a', turnId: 't1', at: 1 });
    fake.emit({ type: 'turn.started', sessionKey: 'desktop:a', turnId: 't2', at: 2 });
    fake.emit({ type: 'turn.started', sessionKey: 'desktop:b', turnId: 't3', at: 3 });
    const notices = (key: string) => store.getState().threads[key]!.items.filter((i) => i.kind === 'notice').map((i) => (i.kind === 'notice' ? i.text : ''));
    expect(notices('desktop:a')).toEqual([`⚠ ${budget.message}`]);
    expect(notices('desktop:b')).toEqual([`⚠ ${budget.message}`]);
  });

  it('says nothing while every tool fits', async () => {
    const { store, fake } = makeTestStore({ mcp: { status: () => ok({ servers: [] }) }, chat: { history: ({ sessionKey }: { sessionKey: string }) => history(sessionKey) } });
    await store.getState().loadMcp();
    await store.getState().selectSession('desktop:a');
    fake.emit({ type: 'turn.started', sessionKey: 'desktop:a', turnId: 't1', at: 1 });
    expect(store.getState().threads['desktop:a']!.items).toEqual([]);
  });
});
