// /skills: the skills the agent knows about (built-in and the workspace's own).
import { notAvailable } from '../command-services';
import type { SlashCommand } from '../slash-command';

export const skillsCommand: SlashCommand = {
  name: 'skills',
  summary: 'List the available skills',
  usage: '/skills',
  async run({ services }) {
    if (!services.skills) return { output: notAvailable('skills', 'the skills loader') };
    const skills = await services.skills.list();
    if (!skills.length) return { output: 'No skills found.' };
    const width = Math.max(...skills.map((s) => s.name.length));
    const lines = skills.map((s) => {
      const notes = [s.source, s.available ? undefined : 'unavailable'].filter(Boolean).join(', ');
      return `  ${s.name.padEnd(width)}  ${s.description}${notes ? `  (${notes})` : ''}`;
    });
    return { output: [`${skills.length} skill(s):`, ...lines].join('\n') };
  },
};
