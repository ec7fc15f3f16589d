// Builds the workspace services for the composition root: memory files and their review, the system prompt,
// skills, the one context builder (with consolidation) and, with background work on, the external-edit watcher.
import { join } from 'node:path';
import type { CoreBase } from '../base/core-base';
import type { ProviderLookup } from '../model/providers/provider-lookup';
import { errResult, okResult } from '../lib/result';
import { toolError } from '../lib/tool-error';
import type { MemoryProposals } from '../tools/approvals/memory-approval';
import type { Skill } from '../skills/skill';
import { formatSkillsSummary } from '../skills/skills-summary';
import { Consolidator } from './consolidation';
import { WorkspaceContextBuilder } from './context-builder';
import { MemoryFiles } from '../memory/memory-files';
import { MemoryReview } from '../memory/memory-review';
import { watchWorkspaceMarkdown } from '../memory/memory-watcher';
import { SystemPromptBuilder } from './system-prompt';

/** `core.skills`: what the agent can do, as the prompt shows it. */
export interface SkillsApi {
  /** Every skill (built-in and workspace; a workspace skill replaces a built-in of the same name). */
  list(): readonly Skill[];
  /** The skills section of the system prompt. */
  summary(): string;
}

/** The workspace services (`core.memory`, `core.memoryReview`, `core.skills`) and the context builder every turn uses. */
export interface WorkspaceServices {
  memory: MemoryFiles;
  review: MemoryReview;
  /** The approval gate's way to keep a memory change nobody can review now as a pending change. */
  proposals: MemoryProposals;
  skills: SkillsApi;
  context: WorkspaceContextBuilder;
}

export interface WorkspaceDeps {
  /** Consolidation summarises old turns with the agent's model. */
  providers: ProviderLookup;
}

/** Builds the services; the watcher runs only with `base.startBackground`, started just after the host's tray (`base.afterStart`). */
export function wireWorkspace(base: CoreBase, deps: WorkspaceDeps): WorkspaceServices {
  const prompt = new SystemPromptBuilder({ frontMatterCacheFile: base.paths.frontMatterCache });
  const memory = new MemoryFiles({
    db: base.db,
    workspace: () => base.workspace(),
    events: base.events,
    clock: base.clock,
    onWritten: (abs) => prompt.invalidate(abs),
  });
  const review = new MemoryReview({ db: base.db, memory, events: base.events, clock: base.clock });
  const proposals: MemoryProposals = {
    propose: (change) => {
      const kept = review.propose({ path: change.path, content: change.after, source: 'agent', sessionKey: change.sessionKey, tool: change.tool });
      // propose fails only for a path the memory files refuse: the gate refuses the call with that reason.
      return kept.ok ? okResult(kept.value?.id) : errResult(toolError('refused', kept.error.message));
    },
  };
  const consolidator = new Consolidator({
    db: base.db,
    memory,
    review,
    emit: (event) => base.events.emit(event),
    providerFor: (_config, name) => deps.providers(name),
  });
  const context = new WorkspaceContextBuilder({
    db: base.db,
    builtinSkillsDir: base.builtinSkillsDir,
    env: base.env,
    prompt,
    consolidator,
  });

  const skills: SkillsApi = {
    list: () => prompt.skills(base.workspace(), base.builtinSkillsDir, base.env, base.clock.now()),
    summary: () =>
      formatSkillsSummary(skills.list(), { builtinDir: base.builtinSkillsDir, workspaceDir: join(base.workspace(), 'skills') }),
  };

  if (base.startBackground) base.afterStart('the workspace watcher', () => watchExternalEdits(base, memory));
  return { memory, review, proposals, skills, context };
}

/** Follows the workspace folder (also when config moves it) and records edits made by other programs. */
function watchExternalEdits(base: CoreBase, memory: MemoryFiles): void {
  let watched = base.workspace();
  const start = (dir: string) => {
    memory.primeKnown();
    return watchWorkspaceMarkdown(dir, (rel) => memory.noticeChange(rel), { clock: base.clock });
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
