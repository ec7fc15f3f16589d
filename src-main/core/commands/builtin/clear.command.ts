// /clear: forget this session's messages (its settings such as the model preset stay).
import { commandError, type SlashCommand } from '../slash-command';

export const clearCommand: SlashCommand = {
  name: 'clear',
  summary: "Clear this session's history",
  usage: '/clear',
  async run({ sessionKey, services }) {
    const sessions = services.sessions;
    if (sessions.isBusy(sessionKey)) {
      return commandError(`Error: a turn is running in ${sessionKey}; wait for it to finish or cancel it first.`);
    }
    sessions.clear(sessionKey);
    return { output: `Cleared the history of ${sessionKey}.`, action: 'clear' };
  },
};
