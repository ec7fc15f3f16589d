// Every `nanotray` subcommand, in the order `--help` lists them, each loaded only when it runs: a one-shot
// `agent -m` never parses the web host (ws), the daemon or the onboarding code. Add new commands here.
import type { CliCommand } from '../cli-command';

export interface CommandEntry {
  name: string;
  load(): Promise<CliCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'agent', load: async () => (await import('./agent.command')).agentCommand },
  { name: 'onboard', load: async () => (await import('./onboard.command')).onboardCommand },
  { name: 'status', load: async () => (await import('./status.command')).statusCommand },
  { name: 'web', load: async () => (await import('./web.command')).webCommand },
  { name: 'heartbeat', load: async () => (await import('./heartbeat.command')).heartbeatCommand },
  { name: 'cron', load: async () => (await import('./cron.command')).cronCommand },
  { name: 'memory', load: async () => (await import('./memory.command')).memoryCommand },
  { name: 'egress', load: async () => (await import('./egress.command')).egressCommand },
  { name: 'mcp', load: async () => (await import('./mcp.command')).mcpCliCommand },
  { name: 'daemon', load: async () => (await import('./daemon.command')).daemonCommand },
  { name: 'doctor', load: async () => (await import('./doctor.command')).doctorCommand },
];
