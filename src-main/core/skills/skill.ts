// What the core knows about one skill folder: its front matter, where it lives and whether it can be used.
import type { SkillRequirements } from './skill-requirements';

export type SkillSource = 'builtin' | 'workspace';

export interface Skill {
  /** From the front matter (else the folder name); unique after user skills override built-ins. */
  name: string;
  /** One line for the summary; empty for broken skills. */
  description: string;
  source: SkillSource;
  /** Absolute folder of the skill. */
  dir: string;
  /** Absolute path of SKILL.md (the model reads it with read_file). */
  skillFile: string;
  /** Loaded in full into every system prompt. */
  always: boolean;
  requires: SkillRequirements;
  /** What is missing on this machine (e.g. `CLI gh`); empty means available. */
  missing: string[];
  /** Why the skill could not be read (malformed front matter, …). */
  broken?: string;
  /** SKILL.md without its front matter. */
  body: string;
}

/** Usable now: not broken and nothing missing. */
export function isSkillAvailable(skill: Skill): boolean {
  return !skill.broken && skill.missing.length === 0;
}
