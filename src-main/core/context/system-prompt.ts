// The workspace-as-prompt system prompt: identity, bootstrap files, memory, always-on skills and the skills
// summary. It holds no clock value, so it is byte-identical across turns until a file changes.
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { FileCache } from '../fence/file-cache';
import { insideWorkspace } from '../fence/prompt-text';
import { BOOTSTRAP_FILES, HEARTBEAT_FILE, HISTORY_FILE, MEMORY_FILE } from '../fence/workspace-files';
import { SkillLoader } from '../skills/skill-loader';
import { formatAlwaysSkills, formatSkillsSummary } from '../skills/skills-summary';
import type { Skill } from '../skills/skill';

/** Characters of one bootstrap file the prompt carries before cutting it with a note. */
export const BOOTSTRAP_MAX_CHARS = 12_000;
/** Characters of memory/MEMORY.md the prompt carries before cutting it with a note. */
export const MEMORY_MAX_CHARS = 16_000;

export interface SystemPromptInput {
  workspace: string;
  builtinSkillsDir: string;
  /** IANA zone name already resolved (config or system). */
  timeZone: string;
  env: NodeJS.ProcessEnv;
  now: number;
}

const OS_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

function identitySection(workspace: string, timeZone: string): string {
  return [
    '# Nanotray',
    '',
    "You are Nanotray, a personal AI agent that lives in the user's desktop tray. You help with their tasks using",
    'your tools: read and change files in your workspace, run commands, look things up on the web, and remember',
    'what matters between conversations.',
    '',
    '## Runtime',
    `- OS: ${OS_NAMES[platform()] ?? platform()} (${arch()})`,
    `- Workspace: ${workspace}`,
    `- Time zone: ${timeZone} (the current date and time come with each user message)`,
    '',
    '## Your workspace',
    `- ${MEMORY_FILE}: long-term facts about the user and their work (shown below). Keep it short and current.`,
    `- ${HISTORY_FILE}: dated log of past conversations, append-only. Not shown; search it when the past matters.`,
    `- ${HEARTBEAT_FILE}: tasks checked periodically in the background.`,
    '- skills/<name>/SKILL.md: skills you or the user wrote (they replace built-ins of the same name).',
    `${BOOTSTRAP_FILES.join(', ')} and ${MEMORY_FILE} are read again for every message (shown below when present),`,
    'so edits to them take effect on the next message.',
    '',
    '## Guidelines',
    '- Tool errors come back as text starting with "Error": read them and try another way.',
    '- Be concise and accurate. Say so when you are unsure; never invent file contents or results.',
    '- Before a change the user did not ask for, ask first.',
  ].join('\n');
}

/** A file's text capped at `max` characters, with a note saying it was cut and where the rest is. */
export function capWithNote(name: string, text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n\n[... ${name} was cut here: showing ${max} of ${text.length} characters. Read the rest with read_file.]`;
}

/** The workspace files the prompt shows, in its order (MEMORY.md after the bootstrap files). */
const SHOWN_FILES: readonly string[] = [...BOOTSTRAP_FILES, MEMORY_FILE];

/** Everything a prompt is made of: the same values give the same prompt. */
interface PromptInputs {
  workspace: string;
  builtinSkillsDir: string;
  timeZone: string;
  /** The bootstrap files' and MEMORY.md's texts (undefined when absent), in prompt order. */
  texts: Array<string | undefined>;
  skills: readonly Skill[];
}

function sameInputs(a: PromptInputs, b: PromptInputs): boolean {
  return (
    a.workspace === b.workspace &&
    a.builtinSkillsDir === b.builtinSkillsDir &&
    a.timeZone === b.timeZone &&
    a.skills === b.skills &&
    a.texts.length === b.texts.length &&
    a.texts.every((text, i) => text === b.texts[i])
  );
}

/**
 * Builds the system prompt; files are read through a cache keyed by inode, size and mtime. Every build reads (stats)
 * the files and checks the skills again; when that gives what the last build had, the last prompt is handed back
 * without assembling it again (a daemon's 1-second job would otherwise rebuild the same ~10 KB text every second).
 */
export class SystemPromptBuilder {
  readonly #files = new FileCache();
  readonly #skills: SkillLoader;
  #last: { inputs: PromptInputs; prompt: string } | undefined;

  /** `frontMatterCacheFile`: where parsed skill front matter is kept between processes (HomePaths.frontMatterCache). */
  constructor(options: { frontMatterCacheFile?: string } = {}) {
    this.#skills = new SkillLoader(options.frontMatterCacheFile);
  }

  /** The skills as they are now (also used by core.skills): the same list as last time when nothing changed. */
  skills(workspace: string, builtinSkillsDir: string, env: NodeJS.ProcessEnv, now: number): readonly Skill[] {
    return this.#skills.load({ builtinDir: builtinSkillsDir, workspaceDir: join(workspace, 'skills') }, env, now);
  }

  build(input: SystemPromptInput): string {
    const { workspace } = input;
    const confined = insideWorkspace(workspace);
    const inputs: PromptInputs = {
      workspace,
      builtinSkillsDir: input.builtinSkillsDir,
      timeZone: input.timeZone,
      texts: SHOWN_FILES.map((name) => this.#files.read(join(workspace, ...name.split('/')), confined)),
      skills: this.skills(workspace, input.builtinSkillsDir, input.env, input.now),
    };
    // The identical string object when nothing changed (cheap equality for callers' caches, no text assembled).
    if (this.#last && sameInputs(this.#last.inputs, inputs)) return this.#last.prompt;
    let prompt = assemble(inputs);
    if (this.#last?.prompt === prompt) prompt = this.#last.prompt;
    this.#last = { inputs, prompt };
    return prompt;
  }

  /** Drop cached file contents (after the core itself wrote a workspace file). */
  invalidate(path?: string): void {
    this.#files.invalidate(path);
    this.#last = undefined;
  }
}

/** The prompt's text: identity, the files present (MEMORY.md last, each capped), the always-on skills, the summary. */
function assemble(inputs: PromptInputs): string {
  const sections: string[] = [identitySection(inputs.workspace, inputs.timeZone)];
  inputs.texts.forEach((raw, i) => {
    const text = raw?.trim();
    if (!text) return;
    const name = SHOWN_FILES[i]!;
    if (name === MEMORY_FILE) sections.push(`# Memory (${MEMORY_FILE})\n\n${capWithNote(MEMORY_FILE, text, MEMORY_MAX_CHARS)}`);
    else sections.push(`# ${name}\n\n${capWithNote(name, text, BOOTSTRAP_MAX_CHARS)}`);
  });
  const always = formatAlwaysSkills(inputs.skills);
  if (always) sections.push(always);
  const summary = formatSkillsSummary(inputs.skills, {
    builtinDir: inputs.builtinSkillsDir,
    workspaceDir: join(inputs.workspace, 'skills'),
  });
  if (summary) sections.push(summary);
  return sections.join('\n\n---\n\n');
}
