// The name of a session's channel as the window shows it (filter chips, row badges): Nanotray's own channels in the
// user's language, any other (an MCP or future channel) as it is called.
import { t } from '../../i18n/i18n';

const KNOWN = {
  desktop: 'chat.channel.desktop',
  quick: 'chat.channel.quick',
  heartbeat: 'chat.channel.heartbeat',
  cron: 'chat.channel.cron',
  subagent: 'chat.channel.subagent',
  cli: 'chat.channel.cli',
} as const;

function isKnown(channel: string): channel is keyof typeof KNOWN {
  return Object.hasOwn(KNOWN, channel);
}

export function channelLabel(channel: string): string {
  return isKnown(channel) ? t(KNOWN[channel]) : channel;
}
