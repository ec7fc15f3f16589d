// The services slash commands use: narrow views of the core's own services, every one of them present.
import type { SessionRunner } from '../agent/session-runner';
import type { Config } from '../../../src-preload/contract/config-schema';
import type { RuntimeOverrides } from '../config/runtime-overrides';
import type { ConfigUpdateError } from '../config/load-config';
import type { Result } from '../lib/result';
import type { McpService } from '../mcp/mcp-types';
import type { RuntimeApi } from '../runtime/runtime.wiring';
import type { CronApi, HeartbeatApi } from '../scheduler/scheduler.wiring';
import type { Database } from '../store/db';
import type { ApprovalService } from '../tools/approvals/approval-service';
import type { ToolRegistry } from '../tools/tool-registry';
import type { SkillsApi } from '../context/workspace.wiring';
import type { CommandInfo } from './command-info';

/** Slash commands are typed by the user, so runtime changes they make are audited with the `ui` source. */
export const COMMAND_AUDIT_SOURCE = 'ui';

/** What every command may use (tests pass fakes of the same shapes). */
export interface CommandServices {
  config(): Config;
  overrides: RuntimeOverrides;
  db: Database;
  tools: Pick<ToolRegistry, 'list'>;
  updateConfig(mutate: (raw: Record<string, unknown>) => void): Result<Config, ConfigUpdateError>;
  now(): number;
  /** The registry's own command list (for /help). */
  commands(): CommandInfo[];
  /** `/clear` and the busy check before it. */
  sessions: Pick<SessionRunner, 'isBusy' | 'clear'>;
  /** The policy behind `my` (`/my`: same rules as the tool) and the user's own preset choice (`/model <preset>`). */
  runtime: Pick<RuntimeApi, 'check' | 'set' | 'choosePreset'>;
  heartbeat: HeartbeatApi;
  cron: Pick<CronApi, 'list' | 'remove'>;
  mcp: McpService;
  skills: Pick<SkillsApi, 'list'>;
  /** Permanent "always allow" rules (`/approve server`, `/approve host`). */
  approvals: Pick<ApprovalService, 'addRule' | 'allowHost'>;
}
