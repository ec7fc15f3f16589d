// Shared by the CLI commands: open a Core for this process and find optional features by shape.
import { createCore, type Core } from '../../../core/nanotray-core';
import type { ApprovalDecision, CoreEvent } from '../../../core/agent/events';
import type { CliIo } from '../cli-command';
import { write } from '../cli-command';
import type { Result } from '../../../core/lib/result';

/** Opens the core for a CLI run (no background timers); prints the reason and returns undefined on failure. */
export function openCliCore(io: CliIo, commandName: string): Core | undefined {
  const created: Result<Core> = createCore({ host: 'cli', env: io.env, startBackground: false });
  if (!created.ok) {
    write(io.stderr, `nanotray ${commandName}: ${created.error}`);
    return undefined;
  }
  return created.value;
}

/** The approval service, when the tool-sandbox feature is installed (looked up by shape to stay decoupled). */
export interface CliApprovals {
  resolve(id: string, decision: ApprovalDecision, scope?: 'session' | 'permanent'): unknown;
  setSessionAutoApprove(sessionKey: string, on: boolean): void;
}

export function approvalsOf(core: Core): CliApprovals | undefined {
  const candidate = (core as unknown as { approvals?: Partial<CliApprovals> }).approvals;
  return candidate && typeof candidate.resolve === 'function' && typeof candidate.setSessionAutoApprove === 'function'
    ? (candidate as CliApprovals)
    : undefined;
}

/** Slash commands, when the commands feature is installed. */
export interface CliCommands {
  isCommand(text: string): boolean;
  execute(sessionKey: string, text: string): Promise<{ handled: boolean; output: string; action?: string }>;
}

export function commandsOf(core: Core): CliCommands | undefined {
  const candidate = (core as unknown as { commands?: Partial<CliCommands> }).commands;
  return candidate && typeof candidate.isCommand === 'function' && typeof candidate.execute === 'function'
    ? (candidate as CliCommands)
    : undefined;
}

export type ApprovalRequestedEvent = Extract<CoreEvent, { type: 'approval.requested' }>;
