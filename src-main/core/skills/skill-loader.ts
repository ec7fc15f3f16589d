// Finds skills in the built-in folder and <workspace>/skills (a user skill replaces a built-in of the same
// name), parses each SKILL.md front matter and checks requirements. Never throws: bad skills are `broken`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FileCache } from '../fence/file-cache';
import { insideItsFolder } from '../fence/prompt-text';
import { FrontMatterError, parseFrontMatterYaml, splitFrontMatter, type YamlValue } from './front-matter';
import { FrontMatterCache } from './front-matter-cache';
import { missingRequirements, type SkillRequirements } from './skill-requirements';
import type { Skill, SkillSource } from './skill';

const SKILL_FILE = 'SKILL.md';
const NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

type Parsed = Omit<Skill, 'source' | 'dir' | 'skillFile' | 'missing'>;

export interface SkillRoots {
  builtinDir: string;
  /** `<workspace>/skills` */
  workspaceDir: string;
}

/**
 * Loads skills from both roots; results are cached per SKILL.md until the file changes, and the parsed front matter
 * by its text in `frontMatterCacheFile` (when given), so a new process parses no YAML for skills it has seen. Every
 * load checks every skill again (its folder, file, links and requirements); when the answer is the one of the last
 * load, it hands back the same objects (and the same list), so a daemon's turns allocate no skills and callers can
 * tell "unchanged" by identity.
 */
export class SkillLoader {
  readonly #files = new FileCache();
  readonly #parsed = new Map<string, { content: string; parsed: Parsed }>();
  readonly #frontMatter: FrontMatterCache;
  /** The skill each SKILL.md gave last time, with the parse it came from. */
  readonly #loaded = new Map<string, { parsed: Parsed; skill: Skill }>();
  #last: readonly Skill[] = [];

  constructor(frontMatterCacheFile?: string) {
    this.#frontMatter = new FrontMatterCache(frontMatterCacheFile);
  }

  /**
   * All skills sorted by name; a workspace skill wins over a built-in with the same name. The list and its skills are
   * the ones of the last call when nothing about them changed: treat them as read-only.
   */
  load(roots: SkillRoots, env: NodeJS.ProcessEnv = process.env, now = Date.now()): readonly Skill[] {
    const byName = new Map<string, Skill>();
    const seen = new Set<string>();
    for (const [source, root] of [['builtin', roots.builtinDir], ['workspace', roots.workspaceDir]] as const) {
      for (const folder of listFolders(root)) {
        const skill = this.#loadOne(source, join(root, folder), folder, env, now);
        if (!skill) continue;
        byName.set(skill.name, skill);
        seen.add(skill.skillFile);
      }
    }
    for (const file of this.#loaded.keys()) if (!seen.has(file)) this.#loaded.delete(file);
    this.#frontMatter.save();
    const skills = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (skills.length !== this.#last.length || skills.some((skill, i) => skill !== this.#last[i])) this.#last = skills;
    return this.#last;
  }

  #loadOne(source: SkillSource, dir: string, folder: string, env: NodeJS.ProcessEnv, now: number): Skill | undefined {
    const skillFile = join(dir, SKILL_FILE);
    const content = this.#files.read(skillFile, insideItsFolder);
    if (content === undefined) return undefined;
    let entry = this.#parsed.get(skillFile);
    if (!entry || entry.content !== content) {
      entry = { content, parsed: parseSkill(content, folder, (yaml) => this.#frontMatter.parse(yaml)) };
      this.#parsed.set(skillFile, entry);
    }
    const parsed = entry.parsed;
    const missing = parsed.broken ? [] : missingRequirements(parsed.requires, env, now);
    const last = this.#loaded.get(skillFile);
    if (last && last.parsed === parsed && last.skill.source === source && last.skill.dir === dir && sameItems(last.skill.missing, missing)) {
      return last.skill;
    }
    const skill: Skill = { ...parsed, source, dir, skillFile, missing };
    this.#loaded.set(skillFile, { parsed, skill });
    return skill;
  }
}

/**
 * Parses SKILL.md text; a problem becomes `broken` with the reason, named after the folder. `parseYaml` turns the
 * front matter into a mapping (or throws a FrontMatterError).
 */
export function parseSkill(content: string, folder: string, parseYaml: (yaml: string) => Record<string, YamlValue> = parseFrontMatterYaml): Parsed {
  const brokenSkill = (reason: string, body = content): Parsed => ({
    name: folder,
    description: '',
    always: false,
    requires: { bins: [], env: [] },
    broken: reason,
    body,
  });
  let yaml: string | undefined;
  let body: string;
  let meta: Record<string, YamlValue>;
  try {
    ({ yaml, body } = splitFrontMatter(content));
    if (yaml === undefined) return brokenSkill('no front matter (a --- block with name and description at the top)');
    meta = parseYaml(yaml);
  } catch (err) {
    return brokenSkill(`malformed front matter: ${err instanceof FrontMatterError ? err.message : String(err)}`);
  }
  const name = meta.name === undefined || meta.name === null ? folder : meta.name;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    return brokenSkill(`'name' must be a short identifier (letters, digits, . _ -), got ${JSON.stringify(name)}`, body);
  }
  if (typeof meta.description !== 'string' || !meta.description.trim()) {
    return { ...brokenSkill("missing 'description'", body), name };
  }
  if (meta.always !== undefined && meta.always !== null && typeof meta.always !== 'boolean') {
    return { ...brokenSkill("'always' must be true or false", body), name };
  }
  const requires = readRequirements(meta.metadata);
  if (typeof requires === 'string') return { ...brokenSkill(requires, body), name };
  return {
    name,
    description: meta.description.replace(/\s+/g, ' ').trim(),
    always: meta.always === true,
    requires,
    body,
  };
}

/** `metadata.requires` (or `metadata.<vendor>.requires`, as other agents write it) → lists of strings. */
function readRequirements(metadata: YamlValue | undefined): SkillRequirements | string {
  if (metadata === undefined || metadata === null) return { bins: [], env: [] };
  if (typeof metadata !== 'object' || Array.isArray(metadata)) return "'metadata' must be a mapping";
  let requires: YamlValue | undefined = metadata.requires;
  if (requires === undefined) {
    for (const value of Object.values(metadata)) {
      if (value && typeof value === 'object' && !Array.isArray(value) && value.requires !== undefined) {
        requires = value.requires;
        break;
      }
    }
  }
  if (requires === undefined || requires === null) return { bins: [], env: [] };
  if (typeof requires !== 'object' || Array.isArray(requires)) return "'metadata.requires' must be a mapping";
  const bins = stringList(requires.bins);
  const env = stringList(requires.env);
  if (bins === undefined) return "'metadata.requires.bins' must be a list of names";
  if (env === undefined) return "'metadata.requires.env' must be a list of names";
  return { bins, env };
}

function stringList(value: YamlValue | undefined): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return undefined;
  return value as string[]; // every item checked to be a string just above
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function listFolders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((d) => (d.isDirectory() || d.isSymbolicLink()) && !d.name.startsWith('.'))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}
