// The foundation every core service is built on: home folder, config, database, events, clock and disposal.
// A leaf of the core: imports only config/, store/, lib/, first-run setup and the contract's event and config types
// (tests/boundaries).
import { join } from 'node:path';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Config } from '../../../src-preload/contract/config-schema';
import { configSecrets } from '../config/config-secrets';
import { resolveHomePaths, resolveWorkspace, type HomePaths } from '../config/home-paths';
import { loadConfig, updateConfigFile, type ConfigUpdateError, type SecretDecoder } from '../config/load-config';
import { ensureConfigFile, ensureWorkspace } from './onboard';
import type { RuntimeOverrides } from '../config/runtime-overrides';
import { prepareWorkspaceFolder, type WorkspaceProblem } from '../config/workspace-folder';
import { homeProblemMessage } from '../config/home-problem';
import { findAppRoot, insideAsar, readableAppRoot } from '../lib/app-root';
import type { HostKind } from '../lib/host-kind';
import { systemClock, type Clock } from '../lib/clock';
import { DeferredStart } from '../lib/deferred-start';
import { DisposableStore } from '../lib/disposable';
import { Emitter } from '../lib/emitter';
import { addSecretSource, registerSecret } from '../lib/known-secrets';
import { webHostState } from '../config/home-secrets';
import { addOwnPortSource } from '../lib/own-ports';
import { createLogger } from '../lib/logger';
import { privateFolder, tightenMode } from '../lib/private-files';
import { errorMessage, errResult, okResult, type Result } from '../lib/result';
import { failure } from '../lib/core-error';
import type { Database } from '../store/db';
import { describeRepair, homeDatabasePaths, openHomeDatabase, type RepairReport } from '../store/home-database';

export type { HostKind };

/** How a host opens the foundation. */
export interface CoreBaseOptions {
  host: HostKind;
  env?: NodeJS.ProcessEnv;
  /** Overrides NANOTRAY_HOME. */
  home?: string;
  clock?: Clock;
  /** Decrypts secrets stored encrypted (Electron safeStorage). */
  decodeSecret?: SecretDecoder;
  /** Encrypts a secret for storage (Electron safeStorage); without it secrets are stored as they are, in 0600 files. */
  encodeSecret?: (plain: string) => string;
  /** Folder holding resources/ and skills/ (found automatically when omitted). */
  appRoot?: string;
  /** Start timers and connections (heartbeat, cron, MCP, the workspace watcher). One-shot CLI runs leave this off. */
  startBackground?: boolean;
}

/** The parts every core service is built from; services get it plus their own dependencies. */
export interface CoreBase {
  readonly host: HostKind;
  /** The environment skills' requirements and the provider fallback read (tests pass their own). */
  readonly env: NodeJS.ProcessEnv;
  readonly paths: HomePaths;
  readonly appRoot: string;
  readonly builtinSkillsDir: string;
  readonly db: Database;
  readonly events: Emitter<CoreEvent>;
  readonly clock: Clock;
  /** Instance-wide runtime changes (model, max_iterations, …) made through the runtime policy. */
  readonly overrides: RuntimeOverrides;
  /** Whether timers and connections start (see CoreBaseOptions.startBackground). */
  readonly startBackground: boolean;
  /** Set when the database was found damaged at open and repaired: what was restored, from when. */
  readonly databaseRepair?: RepairReport;
  /** How secrets the core writes itself (OAuth tokens) are stored: encrypted where the host can, else plain. */
  readonly secretCodec: SecretCodec;
  /** The current, validated config (replaced when the file is updated through the core). */
  config(): Config;
  /** Real path of the workspace (the sandbox root for file and exec tools). */
  workspace(): string;
  /** Validated atomic change to config.json; the rest of the file stays as the user wrote it. */
  updateConfig(mutate: (raw: Record<string, unknown>) => void): Result<Config, ConfigUpdateError>;
  /** Registers cleanup run (in reverse order) when the core is disposed. */
  onDispose(dispose: () => void | Promise<void>): void;
  /**
   * Queues background work (watchers, connections, timers, probes) to start right after the core is built, on the
   * next turn of the event loop, so the host's first frame (the tray) does not wait for it. Never for a guard: a
   * turn may start before this runs, so nothing a tool call relies on may be set up here.
   */
  afterStart(name: string, start: () => void): void;
}

/** Turns a secret into its stored form and back (`decode` throws when the stored form cannot be read here). */
export interface SecretCodec {
  encode(plain: string): string;
  decode(stored: string): string;
}

/** An open foundation and the one call that closes it (the database last). */
export interface OpenCoreBase {
  base: CoreBase;
  /** The work queued with `base.afterStart`: `arm()` once every service is built; `done` once it started. */
  deferred: DeferredStart;
  dispose(): Promise<void>;
}

const log = createLogger('core');

/** The workspace's real path, made when missing; refused at once when it cannot be one (see workspace-folder.ts). */
function realWorkspace(paths: HomePaths, config: Config): Result<string, WorkspaceProblem> {
  return prepareWorkspaceFolder(resolveWorkspace(paths, config.agent.workspace));
}

function registerConfigSecrets(config: Config): void {
  for (const secret of configSecrets(config)) registerSecret(secret);
}

/** Makes the home (owner-only), loads config.json, opens the database and the workspace. */
export function openCoreBase(options: CoreBaseOptions): Result<OpenCoreBase> {
  const env = options.env ?? process.env;
  const paths = resolveHomePaths(options.home ? { ...env, NANOTRAY_HOME: options.home } : env);
  // The home holds the keys and every conversation: owner-only, also for homes made before this rule.
  let loaded: ReturnType<typeof loadConfig>;
  try {
    privateFolder(paths.home);
    ensureConfigFile(paths.configFile);
    tightenMode(paths.configFile, 0o600);
    loaded = loadConfig(paths.configFile, env, options.decodeSecret);
  } catch (err) {
    return errResult(homeProblemMessage(err, paths.home) ?? `Could not set up ${paths.home}: ${errorMessage(err)}`);
  }
  if (!loaded.ok) return errResult(loaded.error);
  let config = loaded.value.config;
  registerConfigSecrets(config);

  let db: Database;
  let databaseRepair: RepairReport | undefined;
  try {
    const opened = openHomeDatabase(homeDatabasePaths(paths.home), (options.clock ?? systemClock).now());
    db = opened.db;
    databaseRepair = opened.repaired;
    if (databaseRepair) log.warn(describeRepair(databaseRepair));
  } catch (err) {
    return errResult(homeProblemMessage(err, paths.home) ?? `Could not open the database ${paths.dbFile}: ${errorMessage(err)}`);
  }
  const appRoot = options.appRoot ?? findAppRoot();
  const templatesDir = join(readableAppRoot(appRoot), 'resources', 'workspace');
  const builtinSkillsDir = join(readableAppRoot(appRoot), 'skills');
  const prepared = realWorkspace(paths, config);
  if (!prepared.ok) {
    db.close();
    return errResult(prepared.error.message);
  }
  let workspace = prepared.value;
  // The file tools open their roots as folders, which an asar archive cannot do: a root there would fail every read.
  const archived = [builtinSkillsDir, workspace].find(insideAsar);
  if (archived !== undefined) {
    db.close();
    return errResult(`${archived} lies inside an app archive (.asar), where the file tools cannot open folders. Unpack it beside the archive (asarUnpack) or choose another folder.`);
  }
  ensureWorkspace(workspace, templatesDir);
  const disposables = new DisposableStore();
  disposables.add(() => {
    db.close();
  });
  const deferred = new DeferredStart((name, err) => log.error(`starting ${name} failed`, err));
  const events = new Emitter<CoreEvent>();

  const base: CoreBase = {
    host: options.host,
    env,
    paths,
    appRoot,
    builtinSkillsDir,
    db,
    events,
    clock: options.clock ?? systemClock,
    overrides: {},
    startBackground: options.startBackground === true,
    ...(databaseRepair ? { databaseRepair } : {}),
    secretCodec: { encode: options.encodeSecret ?? ((plain) => plain), decode: options.decodeSecret ?? ((stored) => stored) },
    config: () => config,
    workspace: () => workspace,
    updateConfig(mutate) {
      // A workspace that cannot be one is refused before anything is saved.
      const updated = updateConfigFile(paths.configFile, mutate, (next) => {
        const checked = realWorkspace(paths, next);
        return checked.ok ? checked : failure('invalid', checked.error.message);
      });
      if (!updated.ok) return updated;
      // Secrets in the file may be encrypted; re-load through the decoder so the core holds plain values.
      const reloaded = loadConfig(paths.configFile, env, options.decodeSecret);
      if (!reloaded.ok) return failure('invalid', reloaded.error);
      config = reloaded.value.config;
      registerConfigSecrets(config);
      const moved = realWorkspace(paths, config);
      if (!moved.ok) return failure('invalid', moved.error.message);
      workspace = moved.value;
      ensureWorkspace(workspace, templatesDir);
      events.emit({ type: 'config.changed' });
      return okResult(config);
    },
    onDispose: (dispose) => void disposables.add(dispose),
    afterStart: (name, start) => deferred.add(name, start),
  };
  // The browser host's token, whichever process started it (today or later): never for the model, a log or a window;
  // and its port: no sandboxed command of this process reaches another process's browser host either.
  const webHost = webHostState(paths.webHostStateFile);
  base.onDispose(addSecretSource(() => (webHost().token ? [webHost().token!] : [])));
  base.onDispose(addOwnPortSource(() => (webHost().port ? [webHost().port!] : [])));
  const dispose = (): Promise<void> => {
    deferred.cancel();
    return disposables.dispose();
  };
  return okResult({ base, deferred, dispose });
}
