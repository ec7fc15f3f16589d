// The core's folders in import order: a file imports only from its own folder and the ranks before it.
// tests/boundaries/layers.test.ts enforces it (type-only imports included); src-main/README.md explains each rank.

/**
 * Ranks, first to last. A folder (or a root file) imports only from itself and from earlier ranks; folders of one
 * rank do not import each other.
 */
export const CORE_LAYERS: readonly (readonly string[])[] = [
  ['lib', 'net'], // small helpers with no core imports (results, errors, clock, atomic writes, secret scrubbing); HTTP
  ['config'], // home paths, config.json and its secrets
  ['fence', 'model'], // which paths a tool or the prompt may touch; the model protocol and its providers
  ['skills', 'store'], // skill files; SQL only
  ['base'], // the foundation every service is built on: home, config, database, events, clock
  ['memory'], // the workspace's memory files, their history, review and watcher
  ['tools'], // the tool registry, approvals and the built-in tools (files, exec, web, egress, OS sandbox)
  ['context'], // what the model sees: system prompt, history read and window, token counts, consolidation
  ['agent'], // the agent loop, sessions and their leases
  ['runtime', 'mcp', 'scheduler'], // the `my` tool's runtime policy; MCP servers; heartbeat and cron
  ['subagents'], // background tasks run by the agent (reports through runtime's status port)
  ['commands'], // slash commands
  ['nanotray-core.ts'], // the composition root: builds every service in this order
  ['api'], // the typed request handlers every host serves (IPC, the web host, the CLI)
];
