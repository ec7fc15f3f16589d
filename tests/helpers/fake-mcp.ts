// A stand-in `core.mcp` for tests of code that only reads it (slash commands, printers): every member answers
// "nothing here"; `overrides` give the ones a test needs.
import type { McpService } from '../../src-main/core/mcp/mcp-types';

export function fakeMcpService(overrides: Partial<McpService> = {}): McpService {
  return {
    status: () => [],
    budget: () => undefined,
    reload: async () => {},
    add: async () => ({ ok: false, error: 'unused' }),
    remove: async () => ({ ok: true, value: undefined }),
    waitForServers: async () => {},
    signIn: async () => ({ ok: false, error: { code: 'failed', message: 'unused' } }),
    signOut: async () => ({ ok: true, value: undefined }),
    elicitations: { respond: () => ({ ok: false, error: { code: 'not_found', message: 'unused' } }), pending: () => [] },
    prompts: () => [],
    getPrompt: async () => ({ ok: false, error: { code: 'not_found', message: 'unused' } }),
    completePrompt: async () => [],
    resources: () => [],
    attach: async () => ({ ok: true, value: [] }),
    ...overrides,
  };
}
