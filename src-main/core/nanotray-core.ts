// The composition root of the agent runtime: builds every core service from the home folder and config.
// Hosts (Electron shell, CLI, browser host, daemon, tests) create one Core and talk to it; nothing here
// knows which host it runs in.
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config/config-schema';
import { resolveHomePaths, resolveWorkspace, type HomePaths } from './config/home-paths';
import { loadConfig, updateConfigFile, type SecretDecoder } from './config/load-config';
import { ensureConfigFile, ensureWorkspace } from './config/onboard';
import { openDatabase, type Database } from './store/db';
import { Emitter } from './lib/emitter';
import { systemClock, type Clock } from './lib/clock';
import { DisposableStore } from './lib/disposable';
import { findAppRoot } from './lib/app-root';
import { registerSecret } from './lib/known-secrets';
import { privateFolder, tightenMode } from './lib/private-files';
import { configSecrets } from './config/config-secrets';
import { protectHomeFiles } from './tools/sandbox/protected-files';
import { errResult, okResult, type Result } from './lib/result';
import type { CoreEvent } from './agent/events';
import type { LlmProvider } from './agent/llm-provider';
import type { RuntimeOverrides } from './agent/model-presets';
import { ToolRegistry } from './tools/tool-registry';
import { installMcp } from './mcp/install-mcp';
import type { McpService } from './mcp/mcp-types';
import { installCommands, type CommandsService } from './commands/install-commands';
import { coreCommandPorts } from './commands/core-command-ports';
import { installTools, type InstallToolsOptions } from './tools/install-tools';
import type { ApprovalService } from './tools/approvals/approval-service';
import { installSessions } from './agent/install-sessions';
import { installRuntime, type RuntimeApi } from './runtime/install-runtime';
import type { SessionRunner } from './agent/session-runner';
import type { ContextBuilder } from './agent/context';
import type { ProviderError } from './agent/llm-provider';
import { effectiveModel } from './agent/model-presets';
import { installScheduler, type CronApi, type HeartbeatApi } from './scheduler/install-scheduler';
import { installWorkspace, type SkillsApi } from './workspace/install-workspace';
import type { MemoryFiles } from './workspace/memory-files';
import type { MemoryReview } from './workspace/memory-review';
import type { SubagentManager } from './subagents/subagent-manager';

export type HostKind = 'electron' | 'web' | 'cli' | 'daemon' | 'test';

export interface CoreOptions {
  host: HostKind;
  env?: NodeJS.ProcessEnv;
  /** Overrides NANOTRAY_HOME. */
  home?: string;
  clock?: Clock;
  /** Decrypts secrets stored encrypted (Electron safeStorage). */
  decodeSecret?: SecretDecoder;
  /** Folder holding resources/ and skills/ (found automatically when omitted). */
  appRoot?: string;
  /** Start timers and connections (heartbeat, cron, MCP). One-shot CLI runs leave this off. */
  startBackground?: boolean;
  /** Tests may inject a provider instead of the openai-SDK one. */
  createProvider?: (config: Config, providerName: string) => LlmProvider;
  /** Tests may inject the built-in tools' endpoints and DNS (web tools against loopback servers). */
  tools?: InstallToolsOptions;
}

/** The parts every feature service is built from. */
export interface CoreBase {
  readonly host: HostKind;
  readonly paths: HomePaths;
  readonly appRoot: string;
  readonly builtinSkillsDir: string;
  readonly resourcesDir: string;
  readonly db: Database;
  readonly events: Emitter<CoreEvent>;
  readonly tools: ToolRegistry;
  readonly clock: Clock;
  /** Instance-wide runtime changes (model, max_iterations, …) made through the runtime policy. */
  readonly overrides: RuntimeOverrides;
  readonly options: CoreOptions;
  /** The current, validated config (replaced when the file is updated through the core). */
  config(): Config;
  /** Real path of the workspace (the sandbox root for file and exec tools). */
  workspace(): string;
  /** Validated atomic change to config.json; the rest of the file stays as the user wrote it. */
  updateConfig(mutate: (raw: Record<string, unknown>) => void): Result<Config>;
  /** Registers cleanup run (in reverse order) when the core is disposed. */
  onDispose(dispose: () => void | Promise<void>): void;
}

export interface Core extends CoreBase {
  /** [foundation] Runs agent turns: `sessions.run(req)`, `cancel`, `isBusy`, `activeTurn`. */
  readonly sessions: SessionRunner;
  /** [foundation] Replaces the context builder (from the next turn on). */
  setContextBuilder(builder: ContextBuilder): void;
  getContextBuilder(): ContextBuilder;
  /** [foundation] The configured provider called `providerName`, or a clear `no_provider` error. */
  providerFor(providerName: string): Result<LlmProvider, ProviderError>;
  /** [foundation] Called by file-writing tools before they change a file (set by the workspace feature). */
  fileVersionRecorder?: (absPath: string) => void;
  /** [tool-sandbox] The approval gate: `resolve(id, decision)`, `pending()`, `listRules()`, `revokeRule(id)`, `mode()`. */
  readonly approvals: ApprovalService;
  /** [my] The runtime policy: `check`, `set`, `overview`, `listAudit`, `presets` (the `my` tool and runtime panel use it). */
  readonly runtime: RuntimeApi;
  /** [scheduler] Heartbeat controls: `status()`, `runNow()`, `pause()`, `resume()`. */
  readonly heartbeat: HeartbeatApi;
  /** [scheduler] Cron jobs: `list()`, `add(input)`, `remove(id)`, `status()`, `setEnabled(id, on)`, `runs(id)`, `runJobNow(id)`. */
  readonly cron: CronApi;
  /** [workspace] Workspace markdown files: `listFiles()`, `read(path)`, `write(path, content, baseVersion, author)`, `versions(path)`, `readVersion(id)`, `revert(path, id)`. */
  readonly memory: MemoryFiles;
  /** [workspace] Pending memory changes (made where nobody could review them): `list()`, `get(id)`, `accept(id, …)`, `reject(id)`. */
  readonly memoryReview: MemoryReview;
  /** [workspace] Skills: `list()`, `summary()`. */
  readonly skills: SkillsApi;
  /** [workspace] Subagents: `spawn(task, label, originSessionKey)`, `cancel(id)`, `tasks(origin?)`, `get(id)`, `wait(id)`, `list()`. */
  readonly subagents: SubagentManager;
  /** [mcp] MCP servers: `status()`, `reload()`, `add(name, cfg)`, `remove(name)`, `waitForServers(ms)`. */
  readonly mcp: McpService;
  /** [mcp] Slash commands for every host: `execute(sessionKey, text)`, `list()`, `complete(text)`. */
  readonly commands: CommandsService;
  dispose(): Promise<void>;
}

function realWorkspace(paths: HomePaths, config: Config): string {
  const dir = resolveWorkspace(paths, config.agent.workspace);
  mkdirSync(dir, { recursive: true });
  return realpathSync(dir);
}

export function createCore(options: CoreOptions): Result<Core> {
  const env = options.env ?? process.env;
  const paths = resolveHomePaths(options.home ? { ...env, NANOTRAY_HOME: options.home } : env);
  // The home holds the keys and every conversation: owner-only, also for homes made before this rule.
  privateFolder(paths.home);
  ensureConfigFile(paths.configFile);
  tightenMode(paths.configFile, 0o600);
  const loaded = loadConfig(paths.configFile, env, options.decodeSecret);
  if (!loaded.ok) return errResult(loaded.error);
  let config = loaded.value.config;
  const registerConfigSecrets = (c: Config): void => {
    for (const secret of configSecrets(c)) registerSecret(secret);
  };
  registerConfigSecrets(config);

  let db: Database;
  try {
    db = openDatabase(paths.dbFile);
  } catch (err) {
    return errResult(`Could not open the database ${paths.dbFile}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const appRoot = options.appRoot ?? findAppRoot();
  const templatesDir = join(appRoot, 'resources', 'workspace');
  let workspace = realWorkspace(paths, config);
  ensureWorkspace(workspace, templatesDir);
  const disposables = new DisposableStore();
  disposables.add(() => {
    db.close();
  });
  // config.json and nanotray.db* hold the keys: no file tool reaches them, whatever the fence says.
  disposables.add(protectHomeFiles(paths.home));
  const events = new Emitter<CoreEvent>();

  const base: CoreBase = {
    host: options.host,
    paths,
    appRoot,
    builtinSkillsDir: join(appRoot, 'skills'),
    resourcesDir: join(appRoot, 'resources'),
    db,
    events,
    tools: new ToolRegistry(),
    clock: options.clock ?? systemClock,
    overrides: {},
    options,
    config: () => config,
    workspace: () => workspace,
    updateConfig(mutate) {
      const updated = updateConfigFile(paths.configFile, mutate);
      if (!updated.ok) return updated;
      // Secrets in the file may be encrypted; re-load through the decoder so the core holds plain values.
      const reloaded = loadConfig(paths.configFile, env, options.decodeSecret);
      if (!reloaded.ok) return errResult(reloaded.error);
      config = reloaded.value.config;
      registerConfigSecrets(config);
      workspace = realWorkspace(paths, config);
      ensureWorkspace(workspace, templatesDir);
      events.emit({ type: 'config.changed' });
      return okResult(config);
    },
    onDispose: (dispose) => void disposables.add(dispose),
  };

  // Feature services are installed here, in dependency order (each install* returns nothing and
  // registers its own cleanup through base.onDispose).
  // [foundation] sessions + agent loop
  const foundation = installSessions(base);
  // [tool-sandbox] builtin tools + approvals
  const approvals = installTools(base, options.tools);
  // [my] runtime policy + my tool
  const runtime = installRuntime(base, { activeTurn: (key) => foundation.sessions.activeTurn(key) });
  // [workspace] context builder, skills, memory, subagents
  const workspaceFeature = installWorkspace(base, {
    sessions: foundation.sessions,
    setContextBuilder: foundation.setContextBuilder,
    setFileVersionRecorder: foundation.setFileVersionRecorder,
    providerFor: foundation.providerFor,
    setSubagentSource: runtime.setSubagentSource,
    setMemoryProposals: (proposals) => approvals.setMemoryProposals(proposals),
  });
  // [scheduler] heartbeat + cron
  const scheduler = installScheduler(base, {
    runner: foundation.sessions,
    hasProvider: () => foundation.providerFor(effectiveModel(base.config(), base.overrides).provider).ok,
  });
  // [mcp] MCP servers + slash commands
  const mcp = installMcp(base);
  // `core` is read lazily (on each command), so every feature assigned below is visible to the commands.
  const commands = installCommands(base, () => coreCommandPorts(core, mcp));

  const core: Core = {
    ...base,
    sessions: foundation.sessions,
    setContextBuilder: foundation.setContextBuilder,
    getContextBuilder: foundation.getContextBuilder,
    providerFor: foundation.providerFor,
    approvals,
    runtime,
    heartbeat: scheduler.heartbeat,
    cron: scheduler.cron,
    get fileVersionRecorder() {
      return foundation.getFileVersionRecorder();
    },
    set fileVersionRecorder(recorder) {
      foundation.setFileVersionRecorder(recorder);
    },
    memory: workspaceFeature.memory,
    memoryReview: workspaceFeature.review,
    skills: workspaceFeature.skills,
    subagents: workspaceFeature.subagents,
    mcp,
    commands,
    dispose: () => disposables.dispose(),
  };
  return okResult(core);
}
