// /new: start a new session (the host picks the new session key and switches to it).
import type { SlashCommand } from '../slash-command';

export const newCommand: SlashCommand = {
  name: 'new',
  summary: 'Start a new session',
  usage: '/new',
  async run() {
    return { output: 'Started a new session.', action: 'new_session' };
  },
};
