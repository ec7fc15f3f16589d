// MCP slice: the servers' status for the runtime panel, the tool limit's warning (shown once in each chat), and
// the resources the composer can attach.
import type { CoreEvent, McpResource, McpServerStatus, McpToolBudget } from '@contract/schemas';
import { call } from './ipc-call';
import { debounce, type SliceCreator } from './store-types';
import { emptyThread } from './types';

export interface McpSlice {
  mcpServers: McpServerStatus[];
  /** Set when the offered tools pass tools.maxTools (the runtime panel shows it; each chat once). */
  mcpBudget: McpToolBudget | null;
  mcpError: string | null;
  /** What connected servers list to attach to a message (loaded when the composer's picker opens). */
  mcpResources: McpResource[];
  loadMcp(): Promise<void>;
  loadMcpResources(): Promise<void>;
  applyMcpEvent(event: CoreEvent): void;
}

export const createMcpSlice: SliceCreator<McpSlice> = (set, get, deps) => {
  const { api } = deps;
  // The servers' prompts are commands too: their list changes with the servers.
  const refresh = debounce(() => void Promise.all([get().loadMcp(), get().loadCommands()]), deps.refreshDelayMs);
  /** `session|message` of every warning shown (a new limit situation is worth a new line). */
  const warned = new Set<string>();

  /** The tool-limit warning, the first time a turn starts in a chat while the limit cuts tools. */
  function warnOnce(sessionKey: string): void {
    const budget = get().mcpBudget;
    if (!budget) return;
    const key = `${sessionKey}|${budget.message}`;
    if (warned.has(key)) return;
    warned.add(key);
    set((s) => {
      const t = s.threads[sessionKey] ?? emptyThread();
      const item = { kind: 'notice' as const, id: `mcp-budget-${warned.size}`, text: `⚠ ${budget.message}`, tone: 'info' as const, at: deps.now() };
      return { threads: { ...s.threads, [sessionKey]: { ...t, items: [...t.items, item] } } };
    });
  }

  return {
    mcpServers: [],
    mcpBudget: null,
    mcpError: null,
    mcpResources: [],

    async loadMcp() {
      const res = await call(api.mcp.status());
      if (!res.ok) set({ mcpError: res.message });
      else set({ mcpServers: res.value.servers, mcpBudget: res.value.budget ?? null, mcpError: null });
    },

    async loadMcpResources() {
      const res = await call(api.mcp.resources());
      if (res.ok) set({ mcpResources: res.value.resources });
    },

    applyMcpEvent(event) {
      if (event.type === 'mcp.changed') refresh();
      else if (event.type === 'turn.started') warnOnce(event.sessionKey);
    },
  };
};
