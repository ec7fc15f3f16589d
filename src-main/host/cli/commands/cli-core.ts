// Shared by the CLI commands: open a Core for this process (no background timers).
import { createCore, type Core } from '../../../core/nanotray-core';
import type { CoreEvent } from '../../../../src-preload/contract/event-schemas';
import type { CliIo } from '../cli-command';
import { write } from '../cli-command';
import type { Result } from '../../../core/lib/result';
import { describeRepair } from '../../../core/store/home-database';

/** Opens the core for a CLI run (no background timers); prints the reason and returns undefined on failure. */
export function openCliCore(io: CliIo, commandName: string): Core | undefined {
  const created: Result<Core> = createCore({ host: 'cli', env: io.env, startBackground: false });
  if (!created.ok) {
    write(io.stderr, `nanotray ${commandName}: ${created.error}`);
    return undefined;
  }
  const core = created.value;
  if (core.databaseRepair) write(io.stderr, `nanotray ${commandName}: ${describeRepair(core.databaseRepair)}`);
  return core;
}

export type ApprovalRequestedEvent = Extract<CoreEvent, { type: 'approval.requested' }>;
export type ElicitationRequestedEvent = Extract<CoreEvent, { type: 'elicitation.requested' }>;
