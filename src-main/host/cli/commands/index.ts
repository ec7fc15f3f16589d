// Every `nanotray` subcommand, in the order `--help` lists them. Add new commands here.
import type { CliCommand } from '../cli-command';
import { heartbeatCommand } from './heartbeat.command';
import { cronCommand } from './cron.command';
import { memoryCommand } from './memory.command';
import { mcpCliCommand } from './mcp.command';
import { daemonCommand } from './daemon.command';
import { agentCommand } from './agent.command';
import { onboardCommand } from './onboard.command';
import { statusCommand } from './status.command';
import { webCommand } from './web.command';

export const COMMANDS: CliCommand[] = [
  agentCommand,
  onboardCommand,
  statusCommand,
  webCommand,
  heartbeatCommand,
  cronCommand,
  memoryCommand,
  mcpCliCommand,
  daemonCommand,
];
