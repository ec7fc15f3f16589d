// The progressive-disclosure skills section of the system prompt: one short line per skill, full text
// only for `always` skills. The model reads a SKILL.md with read_file when a task needs it.
import { isSkillAvailable, type Skill } from './skill';

const DESCRIPTION_MAX_CHARS = 160;

/** One summary line: `- name: description (path) [unavailable: CLI gh]`. */
export function skillSummaryLine(skill: Skill, pathOf: (skill: Skill) => string): string {
  const path = pathOf(skill);
  if (skill.broken) return `- ${skill.name} (${path}) [broken: ${skill.broken}]`;
  const description =
    skill.description.length > DESCRIPTION_MAX_CHARS
      ? `${skill.description.slice(0, DESCRIPTION_MAX_CHARS - 1).trimEnd()}…`
      : skill.description;
  const availability = isSkillAvailable(skill) ? '' : ` [unavailable: ${skill.missing.join(', ')}]`;
  return `- ${skill.name}: ${description} (${path})${availability}`;
}

/**
 * The `# Skills` section. Paths are shown relative to the root folder named in the heading line for
 * each source, which keeps a 50-skill summary near 40 tokens a skill.
 */
export function formatSkillsSummary(skills: readonly Skill[], roots: { builtinDir: string; workspaceDir: string }): string {
  if (!skills.length) return '';
  const out: string[] = [
    '# Skills',
    '',
    "Before using a skill, read its SKILL.md with read_file (the group's folder + the path shown); read its",
    'references/ or scripts/ only when SKILL.md says so. Unavailable ones need the missing CLI or variable first.',
  ];
  for (const [source, root, title] of [
    ['workspace', roots.workspaceDir, 'Your skills'],
    ['builtin', roots.builtinDir, 'Built-in skills'],
  ] as const) {
    const group = skills.filter((s) => s.source === source);
    if (!group.length) continue;
    out.push('', `## ${title} (folder: ${root})`);
    for (const skill of group) out.push(skillSummaryLine(skill, (s) => `${s.dir.slice(root.length + 1)}/SKILL.md`));
  }
  return out.join('\n');
}

/** The `# Active skills` section: the body of every available `always` skill. */
export function formatAlwaysSkills(skills: readonly Skill[]): string {
  const active = skills.filter((s) => s.always && isSkillAvailable(s));
  if (!active.length) return '';
  return ['# Active skills', ...active.map((s) => `## ${s.name}\n\n${s.body.trim()}`)].join('\n\n');
}
