// The composition root of the agent runtime: builds every core service, in dependency order, by constructor
// injection. Hosts (Electron shell, CLI, browser host, daemon, tests) create one Core and talk to it; nothing
// here knows which host it runs in.
import { join } from 'node:path';
import { openCoreBase, type CoreBase, type CoreBaseOptions } from './base/core-base';
import { okResult, type Result } from './lib/result';
import { effectiveModel } from './model/model-presets';
import { createProviderLookup, type ProviderLookup, type ProviderOverride } from './model/providers/provider-lookup';
import { SessionRunner } from './agent/session-runner';
import { SessionLeases } from './agent/session-lease';
import { homeDatabasePaths, noteDatabaseError } from './store/home-database';
import { createLogger } from './lib/logger';
import { wireWorkspace, type SkillsApi } from './context/workspace.wiring';
import type { MemoryFiles } from './memory/memory-files';
import type { MemoryReview } from './memory/memory-review';
import { wireTools, type ToolsOptions } from './tools/tools.wiring';
import type { ToolRegistry } from './tools/tool-registry';
import type { ApprovalService } from './tools/approvals/approval-service';
import type { SqliteEgressLedger } from './tools/egress/egress-ledger';
import { SubagentManager } from './subagents/subagent-manager';
import { createSpawnTool } from './subagents/spawn.tool';
import { wireRuntime, type RuntimeApi } from './runtime/runtime.wiring';
import { wireScheduler, type CronApi, type HeartbeatApi, type SchedulerApi } from './scheduler/scheduler.wiring';
import { wireMcp } from './mcp/mcp.wiring';
import { wireMcpImport, type McpImportService } from './mcp/import/import.wiring';
import { systemSandbox } from './tools/os-sandbox/exec-sandbox';
import type { EgressTarget } from './tools/egress/egress-policy';
import type { Tool, ToolContext } from './tools/tool';
import type { McpService } from './mcp/mcp-types';
import { wireCommands, type CommandsService } from './commands/commands.wiring';


const log = createLogger('core');
export interface CoreOptions extends CoreBaseOptions {
  /** Tests may inject a provider instead of the OpenAI-compatible one. */
  createProvider?: ProviderOverride;
  /** Tests may inject the built-in tools' endpoints and DNS (web tools against loopback servers). */
  tools?: ToolsOptions;
}

/** One agent runtime: the foundation plus every service, each named after its domain. */
export interface Core extends CoreBase {
  /** [agent] The provider called `providerName` in the current config, or a clear `no_provider` error. */
  readonly providerFor: ProviderLookup;
  /** [workspace] Markdown files: `listFiles()`, `read(path)`, `write(path, content, baseVersion, author)`, `versions(path)`, `readVersion(id)`, `revert(path, id)`. */
  readonly memory: MemoryFiles;
  /** [workspace] Pending memory changes (made where nobody could review them): `list()`, `get(id)`, `accept(id, …)`, `reject(id)`. */
  readonly memoryReview: MemoryReview;
  /** [workspace] Skills: `list()`, `summary()`. */
  readonly skills: SkillsApi;
  /** [tools] Every tool the model may call: `register(tool)`, `names()`, `get(name)`, `execute(…)`. */
  readonly tools: ToolRegistry;
  /** [tools] The approval gate: `resolve(id, decision)`, `pending()`, `listRules()`, `revokeRule(id)`, `mode()`. */
  readonly approvals: ApprovalService;
  /** [tools] The egress ledger (30 days): `record(entry)`, `list({ since, until?, host? })`, `byHost(range)`, `summary(day, host?)`. */
  readonly egress: SqliteEgressLedger;
  /** [agent] Runs agent turns: `sessions.run(req)`, `cancel`, `clear`, `isBusy`, `activeTurn`. */
  readonly sessions: SessionRunner;
  /** [subagents] `spawn(task, label, originSessionKey)`, `cancel(id)`, `tasks(origin?)`, `get(id)`, `wait(id)`, `list()`. */
  readonly subagents: SubagentManager;
  /** [runtime] The `my` policy: `check`, `set`, `overview`, `listAudit`, `presets` (the `my` tool and runtime panel use it). */
  readonly runtime: RuntimeApi;
  /** [scheduler] Heartbeat controls: `status()`, `runNow()`, `pause()`, `resume()`. */
  readonly heartbeat: HeartbeatApi;
  /** [scheduler] Cron jobs: `list()`, `add(input)`, `remove(id)`, `status()`, `setEnabled(id, on)`, `runs(id)`, `runJobNow(id)`. */
  readonly cron: CronApi;
  /** [scheduler] The lease: `owner()` (which process runs heartbeat and cron), `resumed()` (the machine woke). */
  readonly scheduler: SchedulerApi;
  /** [mcp] MCP servers: `status()`, `reload()`, `add(name, cfg)`, `remove(name)`, `waitForServers(ms)`. */
  readonly mcp: McpService;
  /** [mcp] Servers from Claude Desktop, Cursor and VS Code: `scan()`, `add(choices)`; .mcpb bundles: `readBundle`, `installBundle`. */
  readonly mcpImport: McpImportService;
  /** [commands] Slash commands for every host: `execute(sessionKey, text)`, `list()`, `complete(text)`. */
  readonly commands: CommandsService;
  /**
   * Resolves once the background work of a long-running host (sandbox probe, workspace watcher, MCP connections,
   * the scheduler lease with heartbeat and cron) has started: on the next turn of the event loop after createCore,
   * so the host's tray comes first. At once without `startBackground`; also when the core is disposed before.
   */
  readonly started: Promise<void>;
  /** Stops timers and connections, cancels running turns, then closes the database. */
  dispose(): Promise<void>;
}

/**
 * Opens the home and builds the core. Each step takes only what the steps before it built, so nothing is
 * set later: store + config → providers → workspace (memory, prompt, context) → tools → sessions →
 * subagents → runtime policy → scheduler → MCP → commands. Cleanup runs in the reverse order.
 */
export function createCore(options: CoreOptions): Result<Core> {
  const opened = openCoreBase(options);
  if (!opened.ok) return opened;
  const { base, deferred, dispose } = opened.value;

  const providerFor = createProviderLookup({ config: base.config, overrides: base.overrides, override: options.createProvider });
  const workspace = wireWorkspace(base, { providers: providerFor });
  const tools = wireTools(base, { memoryProposals: workspace.proposals }, options.tools);
  const leases = new SessionLeases({ dir: join(base.paths.home, 'run', 'turn-locks'), onProblem: (message) => log.warn(message) });
  base.onDispose(() => leases.close());
  const sessions = new SessionRunner({
    db: base.db,
    tools: tools.registry,
    emit: (event) => base.events.emit(event),
    now: () => base.clock.now(),
    config: () => base.config(),
    overrides: base.overrides,
    workspace: () => base.workspace(),
    builtinSkillsDir: base.builtinSkillsDir,
    contextBuilder: workspace.context,
    provider: (config, model) => providerFor(model.provider, config),
    recordFileVersion: (absPath, content) => workspace.memory.recordAgentWrite(absPath, content),
    damagedStore: (err) => noteDatabaseError(homeDatabasePaths(base.paths.home), err),
    leases,
  });
  // Closed before the services built after it and before the database.
  base.onDispose(() => sessions.close());

  const subagents = new SubagentManager({
    runner: sessions,
    events: base.events,
    db: base.db,
    clock: base.clock,
    maxConcurrent: () => base.config().agent.maxConcurrentSubagents,
  });
  base.onDispose(tools.registry.register(createSpawnTool(subagents)));
  base.onDispose(() => subagents.dispose());

  const runtime = wireRuntime(base, { tools: tools.registry, activeTurn: (key) => sessions.activeTurn(key), subagents });
  const scheduler = wireScheduler(base, {
    runner: sessions,
    tools: tools.registry,
    hasProvider: () => providerFor(effectiveModel(base.config(), base.overrides).provider).ok,
  });
  // MCP servers with sandbox: true run in the sandbox exec uses, over the same environment exec's children come from.
  // Their connections pass the same host policy as web_fetch and exec (one rule table), asked as "MCP server '<name>'".
  const mcpSandbox = {
    sandbox: options.tools?.exec?.sandbox ?? systemSandbox,
    env: options.tools?.exec?.parentEnv ?? process.env,
    egress: {
      policy: (asker: Tool, target: EgressTarget, ctx: ToolContext) =>
        tools.approvals.connectionVerdict(asker, { key: target.key, url: `${target.name}:${target.port}` }, { connect: `${target.name}:${target.port}` }, ctx),
      ledger: options.tools?.ledger ?? tools.egress,
    },
  };
  const mcp = wireMcp(base, { tools: tools.registry, prompt: workspace.context, sandbox: mcpSandbox });
  const mcpImport = wireMcpImport(base, { mcp, sandbox: mcpSandbox.sandbox });
  const commands = wireCommands({
    config: base.config,
    overrides: base.overrides,
    db: base.db,
    tools: tools.registry,
    updateConfig: base.updateConfig,
    now: () => base.clock.now(),
    sessions,
    runtime,
    heartbeat: scheduler.heartbeat,
    cron: scheduler.cron,
    mcp,
    skills: workspace.skills,
    approvals: tools.approvals,
  });
  // Every service, the approval gate among them, exists now: the background work may start (after the host's frame).
  deferred.arm();

  return okResult({
    ...base,
    providerFor,
    memory: workspace.memory,
    memoryReview: workspace.review,
    skills: workspace.skills,
    tools: tools.registry,
    approvals: tools.approvals,
    egress: tools.egress,
    sessions,
    subagents,
    runtime,
    heartbeat: scheduler.heartbeat,
    cron: scheduler.cron,
    scheduler: scheduler.scheduler,
    mcp,
    mcpImport,
    commands,
    started: deferred.done,
    dispose,
  });
}
