// The built-in slash commands, in one visible list.
import type { SlashCommand } from '../slash-command';
import { approveCommand } from './approve.command';
import { clearCommand } from './clear.command';
import { cronCommand } from './cron.command';
import { heartbeatCommand } from './heartbeat.command';
import { helpCommand } from './help.command';
import { mcpCommand } from './mcp.command';
import { modelCommand } from './model.command';
import { myCommand } from './my.command';
import { newCommand } from './new.command';
import { sessionsCommand } from './sessions.command';
import { skillsCommand } from './skills.command';
import { toolsCommand } from './tools.command';

export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
  helpCommand,
  newCommand,
  clearCommand,
  sessionsCommand,
  toolsCommand,
  modelCommand,
  myCommand,
  heartbeatCommand,
  cronCommand,
  mcpCommand,
  approveCommand,
  skillsCommand,
];
