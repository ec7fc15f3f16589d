// Answers an MCP server's `elicitation/create`: in the session of its latest running call someone can answer for,
// as a form (fields read from its schema) or a link (the full host; only https or loopback is ever opened), with the
// calls' deadlines paused while the user decides. Declined, with the reason noted for the model, when nobody can
// answer (heartbeat, cron, subagents, a CLI without a terminal) or the request cannot be shown.
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitationRequest } from '../../../../src-preload/contract/elicitation-schemas';
import { egressHost, unicodeLookalike } from '../../tools/egress/egress-host';
import { browserSafe } from '../browser-safe';
import { cleanServerText } from '../server-text';
import { formFields } from './elicitation-form';
import type { ElicitationAsk, ElicitationService } from './elicitation-service';
import type { RunningCall, RunningCalls } from './running-calls';

const MESSAGE_CHARS = 2_000;
const NOBODY_THERE = 'nobody can answer in this non-interactive run (heartbeat, cron, subagent or a CLI without a terminal)';

export interface ElicitationDeps {
  server: string;
  calls: RunningCalls;
  service: ElicitationService;
}

/** The note the model gets in front of the call's result when Nanotray declined on the user's behalf. */
export function declinedNote(server: string, reason: string): string {
  return `[Nanotray declined a request for input from MCP server '${server}': ${reason}. Tell the user if they need to answer it themselves.]`;
}

type Shown = { ok: true; ask: Omit<ElicitationAsk, 'sessionKey' | 'turnId' | 'callId'> } | { ok: false; reason: string };

/** What the user is shown: the cleaned message with the form's fields or the link. */
function shown(server: string, params: ElicitRequest['params']): Shown {
  const message = cleanServerText(params.message, MESSAGE_CHARS);
  if (params.mode === 'url') {
    let url: URL;
    try {
      url = new URL(params.url);
    } catch {
      return { ok: false, reason: 'its address is not a valid URL' };
    }
    const host = egressHost(url);
    const unicodeHost = unicodeLookalike(host);
    const link: NonNullable<ElicitationRequest['link']> = { url: url.href, host, opens: browserSafe(url), ...(unicodeHost ? { unicodeHost } : {}) };
    return { ok: true, ask: { server, message, mode: 'url', link } };
  }
  const fields = formFields(params.requestedSchema);
  if (!fields.ok) return { ok: false, reason: `the form cannot be shown (${fields.error.message})` };
  return { ok: true, ask: { server, message, mode: 'form', fields: fields.value } };
}

function decline(call: RunningCall | undefined, server: string, reason: string): ElicitResult {
  call?.notes.push(declinedNote(server, reason));
  return { action: 'decline' };
}

/** The request handler's work; `signal` is the server's cancel of its request. Never throws. */
export async function answerElicitation(params: ElicitRequest['params'], deps: ElicitationDeps, signal: AbortSignal): Promise<ElicitResult> {
  const call = deps.calls.latestInteractive();
  if (!call) {
    const latest = deps.calls.latest();
    return decline(latest, deps.server, latest ? NOBODY_THERE : 'it asked while none of its tool calls was running');
  }
  const view = shown(deps.server, params);
  if (!view.ok) return decline(call, deps.server, view.reason);
  const { ctx } = call;
  const resume = deps.calls.pauseAll();
  try {
    const answer = await deps.service.ask(
      { ...view.ask, sessionKey: ctx.sessionKey, turnId: ctx.turnId, callId: ctx.callId },
      AbortSignal.any([ctx.signal, signal]),
    );
    if (answer.action === 'accept') return view.ask.mode === 'form' ? { action: 'accept', content: answer.content ?? {} } : { action: 'accept' };
    return { action: answer.action };
  } finally {
    resume();
  }
}
