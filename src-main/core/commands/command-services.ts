// The services slash commands use, as small ports: features not installed yet are simply absent.
import type { RuntimeOverrides } from '../agent/model-presets';
import type { Config } from '../config/config-schema';
import type { Result } from '../lib/result';
import type { McpService } from '../mcp/mcp-types';
import type { Database } from '../store/db';
import type { ToolRegistry } from '../tools/tool-registry';
import type { CommandInfo } from './slash-command';

/** Session control for /clear and /sessions. */
export interface SessionsPort {
  isBusy(sessionKey: string): boolean;
  /** Forgets the session's messages (its settings stay). Without it the store is cleared directly. */
  clear?(sessionKey: string): void | Promise<void>;
}

/** The runtime policy behind `my` (same rules as the tool). Answers are the tool's text. */
export interface RuntimePort {
  check(sessionKey: string, key?: string): string | Promise<string>;
  setModelPreset(sessionKey: string, preset: string): string | Promise<string>;
}

/** The heartbeat service; every answer is one or more lines for the user. */
export interface HeartbeatPort {
  status(): string | Promise<string>;
  runNow(): string | Promise<string>;
  pause(): string | Promise<string>;
  resume(): string | Promise<string>;
}

export interface CronJobSummary {
  id: string;
  name: string;
  schedule: string;
  enabled: boolean;
  nextRunAt?: number;
}

export interface CronPort {
  list(): CronJobSummary[] | Promise<CronJobSummary[]>;
  remove(id: string): Result<void> | Promise<Result<void>>;
}

export interface SkillSummary {
  name: string;
  description: string;
  available: boolean;
  source?: string;
}

export interface SkillsPort {
  list(): SkillSummary[] | Promise<SkillSummary[]>;
}

/** Permanent "always allow" rules of the approval gate. */
export interface ApprovalsPort {
  /** Adds a rule allowing every tool of the MCP server; returns the rule id. */
  allowServer(server: string): number;
  /** Adds a rule letting web_fetch reach a host without asking; the canonical host and rule id, or why not. */
  allowHost(host: string): Result<{ id: number; host: string }>;
}

/** What every command may use; optional ports mean "this feature is not available here". */
export interface CommandServices {
  config(): Config;
  overrides: RuntimeOverrides;
  db: Database;
  tools: ToolRegistry;
  updateConfig(mutate: (raw: Record<string, unknown>) => void): Result<Config>;
  now(): number;
  /** The registry's own command list (for /help). */
  commands(): CommandInfo[];
  sessions?: SessionsPort;
  runtime?: RuntimePort;
  heartbeat?: HeartbeatPort;
  cron?: CronPort;
  mcp?: McpService;
  skills?: SkillsPort;
  approvals?: ApprovalsPort;
}

/** The one-line answer of a command whose feature is not installed in this host. */
export function notAvailable(command: string, feature: string): string {
  return `Error: /${command} is not available: ${feature} is not running in this Nanotray.`;
}
