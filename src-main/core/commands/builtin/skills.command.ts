// /skills: the skills the agent knows about (built-in and the workspace's own).
import { isSkillAvailable } from '../../skills/skill';
import type { SlashCommand } from '../slash-command';

export const skillsCommand: SlashCommand = {
  name: 'skills',
  summary: 'List the available skills',
  usage: '/skills',
  async run({ services }) {
    const skills = services.skills.list();
    if (!skills.length) return { output: 'No skills found.' };
    const width = Math.max(...skills.map((s) => s.name.length));
    const lines = skills.map((s) => {
      const description = s.broken ? `broken: ${s.broken}` : s.description;
      const notes = [s.source, isSkillAvailable(s) ? undefined : 'unavailable'].filter(Boolean).join(', ');
      return `  ${s.name.padEnd(width)}  ${description}${notes ? `  (${notes})` : ''}`;
    });
    return { output: [`${skills.length} skill(s):`, ...lines].join('\n') };
  },
};
