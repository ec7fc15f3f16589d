// Installs the foundation's runtime into the core: providers, the context builder slot and the session runner.
import type { CoreBase } from '../nanotray-core';
import type { Config } from '../config/config-schema';
import { okResult, type Result } from '../lib/result';
import type { ContextBuilder } from './context';
import type { LlmProvider, ProviderError } from './llm-provider';
import { createProviderFor } from './providers/provider-factory';
import type { RetryMode } from './providers/retry-policy';
import { SessionRunner } from './session-runner';

export interface SessionsFeature {
  /** The turn runner every host and feature calls (`core.sessions.run(...)`). */
  sessions: SessionRunner;
  /** Sets the context builder (the workspace feature installs the one real builder while the core is built). */
  setContextBuilder(builder: ContextBuilder): void;
  getContextBuilder(): ContextBuilder;
  /** The provider called `providerName` in the current config (or the test provider), or a clear error. */
  providerFor(providerName: string): Result<LlmProvider, ProviderError>;
  /** Hook for file-writing tools (filled in by the workspace feature). */
  getFileVersionRecorder(): ((absPath: string) => void) | undefined;
  setFileVersionRecorder(recorder: ((absPath: string) => void) | undefined): void;
}

export function installSessions(base: CoreBase): SessionsFeature {
  let contextBuilder: ContextBuilder | undefined;
  let fileVersionRecorder: ((absPath: string) => void) | undefined;
  const cache = new Map<string, LlmProvider>();
  const retryMode = (): RetryMode => base.overrides.providerRetryMode ?? base.config().agent.providerRetryMode;

  const providerFor = (providerName: string, config: Config = base.config()): Result<LlmProvider, ProviderError> => {
    if (base.options.createProvider) return okResult(base.options.createProvider(config, providerName));
    return createProviderFor(config, providerName, { retryMode, cache });
  };

  /** createCore installs the workspace feature before it returns, so no turn can run without a builder. */
  const installedBuilder = (): ContextBuilder => {
    if (!contextBuilder) throw new Error('no context builder is installed (the workspace feature sets it)');
    return contextBuilder;
  };

  const sessions = new SessionRunner({
    db: base.db,
    tools: base.tools,
    emit: (event) => base.events.emit(event),
    now: () => base.clock.now(),
    config: () => base.config(),
    overrides: base.overrides,
    workspace: () => base.workspace(),
    builtinSkillsDir: base.builtinSkillsDir,
    contextBuilder: () => installedBuilder(),
    provider: (config, model) => providerFor(model.provider, config),
    fileVersionRecorder: () => fileVersionRecorder,
  });
  // Registered first, so it runs after the features installed later and before the database closes.
  base.onDispose(() => sessions.close());

  return {
    sessions,
    setContextBuilder: (builder) => {
      contextBuilder = builder;
    },
    getContextBuilder: installedBuilder,
    providerFor: (name) => providerFor(name),
    getFileVersionRecorder: () => fileVersionRecorder,
    setFileVersionRecorder: (recorder) => {
      fileVersionRecorder = recorder;
    },
  };
}
