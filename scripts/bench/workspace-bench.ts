// Workspace figures for `npm run bench`: system prompt size (default workspace + 50 skills), prompt rebuild time
// after a file change, and the tokenizer's cost on a long unbroken run. Long sessions: session-bench.ts.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig } from '../../src-preload/contract/config-schema';
import { openDatabase } from '../../src-main/core/store/db';
import { WorkspaceContextBuilder } from '../../src-main/core/context/context-builder';
import { countTokens, loadTokenizer } from '../../src-main/core/context/token-estimate';

export interface WorkspaceBenchFigures {
  systemPromptTokens: number;
  skillsInstalled: number;
  /** Median ms to rebuild the prompt after MEMORY.md changed (read + assemble + exact token count). */
  rebuildAfterChangeMs: number;
  /** Median ms to count a new 50,000-character unbroken run (base64-like; sliced, so linear). */
  longRunCountMs: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** Runs the workspace bench in a temp folder; `root` is the repository (templates and built-in skills). */
export async function runWorkspaceBench(root: string, runs = 20): Promise<WorkspaceBenchFigures> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-bench-ws-')));
  const workspace = join(dir, 'workspace');
  const builtinSkillsDir = join(root, 'skills');
  cpSync(join(root, 'resources', 'workspace'), workspace, { recursive: true });
  const db = openDatabase(':memory:');
  try {
    const builder = new WorkspaceContextBuilder({ db, builtinSkillsDir, env: process.env });
    const config = defaultConfig();
    const base = { workspace, config, now: Date.now() };
    const builtin = builder.prompt.skills(workspace, builtinSkillsDir, process.env, Date.now()).length;
    for (let i = builtin; i < 50; i++) {
      const name = `user-skill-${String(i).padStart(2, '0')}`;
      mkdirSync(join(workspace, 'skills', name), { recursive: true });
      writeFileSync(
        join(workspace, 'skills', name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Handles recurring task number ${i} for the user, with its own checklist and commands.\n---\n\n# ${name}\n\nSteps...\n`,
      );
    }
    const skillsInstalled = builder.prompt.skills(workspace, builtinSkillsDir, process.env, Date.now()).length;
    await loadTokenizer(); // exact counts below; the turns' builds use the byte bound when it fits
    const systemPromptTokens = countTokens(builder.systemPrompt(base));

    const rebuilds: number[] = [];
    for (let r = 0; r < runs; r++) {
      writeFileSync(join(workspace, 'memory', 'MEMORY.md'), `# Memory\n\n- Fact number ${r}: the user prefers short answers.\n`);
      rebuilds.push(time(() => countTokens(builder.systemPrompt({ ...base, now: Date.now() }))));
    }
    const longRuns: number[] = [];
    for (let r = 0; r < runs; r++) longRuns.push(time(() => countTokens(`${r}${'x'.repeat(50_000)}`)));
    return {
      systemPromptTokens,
      skillsInstalled,
      rebuildAfterChangeMs: median(rebuilds),
      longRunCountMs: median(longRuns),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
