// Everything the core tells the outside world: agent progress, approvals, notifications, state changes.
import type { UncoveredCode } from '../tools/shell-grammar/uncovered';
import type { SandboxState } from '../tools/os-sandbox/sandbox-state';
import type { TokenUsage } from './chat-message';

export type StopReason = 'completed' | 'max_iterations' | 'cancelled' | 'error';

/**
 * What a tool call may do, for the approval gate: `read` runs; `write` changes files; `command` runs programs
 * (exec, untrusted MCP tools); `network` sends a request to a host (web_fetch); `memory` changes a file that
 * forms the system prompt (AGENTS.md, memory/MEMORY.md, …).
 */
export type ApprovalCategory = 'read' | 'write' | 'command' | 'network' | 'memory';
export type ApprovalDecision = 'allow_once' | 'allow_always' | 'deny';

export type NotificationKind = 'heartbeat' | 'cron' | 'message' | 'subagent' | 'error' | 'info';

export type CoreEvent =
  | { type: 'turn.started'; sessionKey: string; turnId: string; at: number }
  | { type: 'token'; sessionKey: string; turnId: string; text: string }
  | { type: 'tool.started'; sessionKey: string; turnId: string; callId: string; name: string; args: string; at: number }
  | {
      type: 'tool.finished';
      sessionKey: string;
      turnId: string;
      callId: string;
      name: string;
      ok: boolean;
      /** What the model received (possibly cut). */
      result: string;
      durationMs: number;
    }
  | {
      type: 'approval.requested';
      id: string;
      sessionKey: string;
      turnId: string;
      tool: string;
      category: ApprovalCategory;
      /** The full arguments, pretty JSON. */
      args: string;
      /** For exec: where the command will run. */
      workingDir?: string;
      /**
       * For network calls: the full URL, the host (with a non-default port) an "always" rule would allow, and
       * how an internationalised (punycode) host reads to a person, so a lookalike stands out.
       */
      egress?: { url: string; host: string; unicodeHost?: string };
      /** For memory changes: the prompt file written (workspace-relative), its text now and after the change. */
      memory?: { path: string; before: string; after: string };
      /**
       * What "always allow" would remember (tool name, command prefixes, the exact command or host); absent when
       * not offered.
       */
      alwaysLabel?: string;
      /** For exec: why no rule covers this command (code for programs, message for people). */
      notCovered?: { code: UncoveredCode; message: string };
      /** For exec: whether the command runs inside the OS sandbox. */
      sandbox?: SandboxState;
      expiresAt: number;
    }
  | { type: 'approval.resolved'; id: string; sessionKey: string; decision: ApprovalDecision }
  | { type: 'usage'; sessionKey: string; turnId: string; usage: TokenUsage; model: string }
  | { type: 'provider.retry'; sessionKey: string; turnId: string; attempt: number; waitMs: number; message: string }
  | {
      type: 'turn.finished';
      sessionKey: string;
      turnId: string;
      stopReason: StopReason;
      /** The final answer text (empty when none). */
      text: string;
      error?: string;
      usage: TokenUsage;
    }
  /** A message added to a session outside a streamed turn (message tool, heartbeat, cron, subagent). */
  | { type: 'session.message'; sessionKey: string; role: 'assistant' | 'system'; content: string; at: number }
  | { type: 'session.changed'; sessionKey: string; change: 'created' | 'updated' | 'deleted' }
  | { type: 'notify'; title: string; body: string; sessionKey: string; kind: NotificationKind }
  | { type: 'heartbeat.changed' }
  | { type: 'cron.changed' }
  | { type: 'mcp.changed' }
  | { type: 'subagents.changed'; sessionKey: string }
  | { type: 'memory.changed'; path: string; author: 'user' | 'agent' | 'external' }
  /** A pending memory change was proposed, updated, accepted or rejected (the review list changed). */
  | { type: 'memory.pending'; id: number; path: string; change: 'added' | 'updated' | 'accepted' | 'rejected' }
  /**
   * The agent (a tool or consolidation) changed a prompt file without a review (auto mode, --yes, or a yes on its
   * card): the "memory updated" notice. `versionId` is the stored text from before, for one-click revert.
   */
  | { type: 'memory.updated'; path: string; source: 'agent' | 'consolidation'; fromSession?: string; versionId?: number }
  | { type: 'config.changed' };

export type CoreEventType = CoreEvent['type'];
