// The workspace-as-prompt system prompt: identity, bootstrap files, memory, always-on skills and the skills
// summary. It holds no clock value, so it is byte-identical across turns until a file changes.
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { FileCache } from './file-cache';
import { insideWorkspace } from './prompt-text';
import { BOOTSTRAP_FILES, HEARTBEAT_FILE, HISTORY_FILE, MEMORY_FILE } from './workspace-files';
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

/** Builds the system prompt; files are read through a cache keyed by inode, size and mtime. */
export class SystemPromptBuilder {
  readonly #files = new FileCache();
  readonly #skills: SkillLoader;
  #last: string | undefined;

  /** `frontMatterCacheFile`: where parsed skill front matter is kept between processes (HomePaths.frontMatterCache). */
  constructor(options: { frontMatterCacheFile?: string } = {}) {
    this.#skills = new SkillLoader(options.frontMatterCacheFile);
  }

  /** The skills as they are now (also used by core.skills). */
  skills(workspace: string, builtinSkillsDir: string, env: NodeJS.ProcessEnv, now: number): Skill[] {
    return this.#skills.load({ builtinDir: builtinSkillsDir, workspaceDir: join(workspace, 'skills') }, env, now);
  }

  build(input: SystemPromptInput): string {
    const { workspace } = input;
    const sections: string[] = [identitySection(workspace, input.timeZone)];
    const confined = insideWorkspace(workspace);
    for (const name of BOOTSTRAP_FILES) {
      const text = this.#files.read(join(workspace, name), confined)?.trim();
      if (text) sections.push(`# ${name}\n\n${capWithNote(name, text, BOOTSTRAP_MAX_CHARS)}`);
    }
    const memory = this.#files.read(join(workspace, ...MEMORY_FILE.split('/')), confined)?.trim();
    if (memory) sections.push(`# Memory (${MEMORY_FILE})\n\n${capWithNote(MEMORY_FILE, memory, MEMORY_MAX_CHARS)}`);
    const skills = this.skills(workspace, input.builtinSkillsDir, input.env, input.now);
    const always = formatAlwaysSkills(skills);
    if (always) sections.push(always);
    const summary = formatSkillsSummary(skills, {
      builtinDir: input.builtinSkillsDir,
      workspaceDir: join(workspace, 'skills'),
    });
    if (summary) sections.push(summary);
    const prompt = sections.join('\n\n---\n\n');
    // Hand back the identical string object when nothing changed (cheap equality for callers' caches).
    if (this.#last === prompt) return this.#last;
    this.#last = prompt;
    return prompt;
  }

  /** Drop cached file contents (after the core itself wrote a workspace file). */
  invalidate(path?: string): void {
    this.#files.invalidate(path);
  }
}
