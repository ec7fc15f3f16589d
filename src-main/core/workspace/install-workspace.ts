// Installs the [workspace] slot of createCore: the workspace context builder (with consolidation), the
// file-version recorder, core.memory, core.skills and core.subagents (+ the spawn tool).
import { join } from 'node:path';
import type { CoreBase } from '../nanotray-core';
import type { ContextBuilder } from '../agent/context';
import type { LlmProvider, ProviderError } from '../agent/llm-provider';
import type { SessionRunner } from '../agent/session-runner';
import { errResult, okResult, type Result } from '../lib/result';
import type { SubagentStatusSource } from '../runtime/subagent-status';
import { SubagentManager } from '../subagents/subagent-manager';
import { createSpawnTool } from '../subagents/spawn.tool';
import type { Skill } from '../skills/skill';
import { formatSkillsSummary } from '../skills/skills-summary';
import { Consolidator } from './consolidation';
import { WorkspaceContextBuilder } from './context-builder';
import { MemoryFiles } from './memory-files';
import { MemoryReview } from './memory-review';
import type { MemoryProposals } from '../tools/approvals/memory-approval';
import { watchWorkspaceMarkdown } from './memory-watcher';
import { SystemPromptBuilder } from './system-prompt';

/** `core.skills`: what the agent can do, as the prompt shows it. */
export interface SkillsApi {
  /** Every skill (built-in and workspace; a workspace skill replaces a built-in of the same name). */
  list(): Skill[];
  /** The skills section of the system prompt. */
  summary(): string;
}

export interface WorkspaceFeature {
  memory: MemoryFiles;
  review: MemoryReview;
  skills: SkillsApi;
  subagents: SubagentManager;
  contextBuilder: WorkspaceContextBuilder;
}

export interface InstallWorkspaceDeps {
  sessions: SessionRunner;
  setContextBuilder(builder: ContextBuilder): void;
  setFileVersionRecorder(recorder: ((absPath: string) => void) | undefined): void;
  providerFor(providerName: string): Result<LlmProvider, ProviderError>;
  /** The runtime policy's slot for subagent status (`my` check subagents). */
  setSubagentSource?(source: SubagentStatusSource): () => void;
  /** The approval gate's slot for memory changes nobody can review now (they become pending changes). */
  setMemoryProposals?(proposals: MemoryProposals): void;
  /** Watch the workspace for external edits (default: when the core starts background work). */
  watch?: boolean;
  watchDebounceMs?: number;
}

export function installWorkspace(base: CoreBase, deps: InstallWorkspaceDeps): WorkspaceFeature {
  const env = base.options.env ?? process.env;
  const prompt = new SystemPromptBuilder();
  const memory = new MemoryFiles({
    db: base.db,
    workspace: () => base.workspace(),
    events: base.events,
    clock: base.clock,
    onWritten: (abs) => prompt.invalidate(abs),
  });
  const review = new MemoryReview({ db: base.db, memory, events: base.events, clock: base.clock });
  deps.setMemoryProposals?.({
    propose: (change) => {
      const kept = review.propose({ path: change.path, content: change.after, source: 'agent', sessionKey: change.sessionKey, tool: change.tool });
      return kept.ok ? okResult(kept.value?.id) : errResult(kept.error.message);
    },
  });
  const consolidator = new Consolidator({
    db: base.db,
    memory,
    review,
    emit: (event) => base.events.emit(event),
    providerFor: (_config, name) => deps.providerFor(name),
  });
  const contextBuilder = new WorkspaceContextBuilder({
    db: base.db,
    builtinSkillsDir: base.builtinSkillsDir,
    env,
    prompt,
    consolidator,
  });
  deps.setContextBuilder(contextBuilder);
  deps.setFileVersionRecorder((abs) => memory.recordAgentWrite(abs));

  const skills: SkillsApi = {
    list: () => prompt.skills(base.workspace(), base.builtinSkillsDir, env, base.clock.now()),
    summary: () =>
      formatSkillsSummary(skills.list(), { builtinDir: base.builtinSkillsDir, workspaceDir: join(base.workspace(), 'skills') }),
  };

  const subagents = new SubagentManager({
    runner: deps.sessions,
    events: base.events,
    db: base.db,
    clock: base.clock,
    maxConcurrent: () => base.config().agent.maxConcurrentSubagents,
  });
  base.onDispose(base.tools.register(createSpawnTool(subagents)));
  if (deps.setSubagentSource) base.onDispose(deps.setSubagentSource(subagents));
  base.onDispose(() => subagents.dispose());

  if (deps.watch ?? base.options.startBackground === true) {
    let watched = base.workspace();
    const start = (dir: string) => {
      memory.primeKnown();
      return watchWorkspaceMarkdown(dir, (rel) => memory.noticeChange(rel), {
        clock: base.clock,
        ...(deps.watchDebounceMs !== undefined ? { debounceMs: deps.watchDebounceMs } : {}),
      });
    };
    let stopWatching = start(watched);
    const unsubscribe = base.events.on((event) => {
      if (event.type !== 'config.changed' || base.workspace() === watched) return;
      stopWatching();
      watched = base.workspace();
      stopWatching = start(watched);
    });
    base.onDispose(() => {
      unsubscribe();
      stopWatching();
    });
  }

  return { memory, review, skills, subagents, contextBuilder };
}
