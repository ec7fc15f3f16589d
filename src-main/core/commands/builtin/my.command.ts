// /my [key]: what the agent can see about its own runtime (the `my` tool's check, same policy).
import { notAvailable } from '../command-services';
import type { SlashCommand } from '../slash-command';

export const myCommand: SlashCommand = {
  name: 'my',
  summary: 'Inspect the runtime state (like the my tool)',
  usage: '/my [key]',
  async run({ sessionKey, args, services }) {
    if (!services.runtime) return { output: notAvailable('my', 'the runtime policy') };
    const key = args.join(' ').trim();
    return { output: await services.runtime.check(sessionKey, key || undefined) };
  },
};
