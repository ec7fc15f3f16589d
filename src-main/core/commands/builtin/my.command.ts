// /my [key]: what the agent can see about its own runtime (the `my` tool's check, same policy).
import { COMMAND_AUDIT_SOURCE } from '../command-services';
import { commandError, type SlashCommand } from '../slash-command';

export const myCommand: SlashCommand = {
  name: 'my',
  summary: 'Inspect the runtime state (like the my tool)',
  usage: '/my [key]',
  async run({ sessionKey, args, services }) {
    const key = args.join(' ').trim();
    const checked = services.runtime.check(key || undefined, { sessionKey, source: COMMAND_AUDIT_SOURCE });
    return checked.ok ? { output: checked.value.text } : commandError(checked.error.message);
  },
};
