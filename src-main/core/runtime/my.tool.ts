// The `my` tool: the agent inspects (and, when allowed, adjusts) its own runtime through the runtime policy.
import { z } from 'zod';
import type { Config } from '../../../src-preload/contract/config-schema';
import { defineTool, failWith, ok, type Tool } from '../tools/tool';
import { toolErrorOfPolicy } from './policy-error';
import type { RuntimePolicy } from './runtime-policy';

export const MY_TOOL_NAME = 'my';
export const READ_ONLY_NOTE = 'READ-ONLY MODE: set is disabled.';

const BASE_DESCRIPTION =
  'Inspect your own runtime state, and adjust it when allowed. ' +
  'action "check" with no key prints an overview (max_iterations, context_window_tokens, model, model_preset, ' +
  'workspace, web/exec config, subagents, last turn usage, scratchpad); with a dot-path key (e.g. ' +
  '"web_config.enable", "_last_usage.prompt_tokens", "request.channel") it prints one value. ' +
  'action "set" changes model_preset (for this session, from the next turn), max_iterations, provider_retry_mode, ' +
  'max_tool_result_chars, or stores a JSON value under any other key in this session\'s scratchpad ' +
  '(max 64 keys, memory only, omit value to remove a key). Internals, secrets and read-only keys are refused.';

export const myToolParams = z.object({
  action: z.enum(['check', 'set']).describe('"check" reads, "set" changes'),
  key: z.string().nullish().describe('Dot path such as "max_iterations" or "web_config.enable"; omit for an overview'),
  value: z.unknown().optional().describe('For set: the new value as JSON (string, number, boolean, list, object)'),
});

/** The tool's description for the current config (ends with the READ-ONLY note when set is disabled). */
export function myToolDescription(config: Config): string {
  return config.tools.my.allowSet ? BASE_DESCRIPTION : `${BASE_DESCRIPTION} ${READ_ONLY_NOTE}`;
}

/**
 * Builds the tool over the policy. The description is a getter so it follows config changes; the
 * policy itself refuses every set while `tools.my.allowSet` is false (and audits the attempt).
 */
export function createMyTool(policy: RuntimePolicy, config: () => Config): Tool<typeof myToolParams> {
  return defineTool({
    name: MY_TOOL_NAME,
    get description() {
      return myToolDescription(config());
    },
    params: myToolParams,
    category: 'read',
    async run(args, ctx) {
      const callCtx = {
        sessionKey: ctx.sessionKey,
        channel: ctx.channel,
        chatId: ctx.chatId,
        source: 'tool' as const,
        iteration: ctx.iteration,
      };
      if (args.action === 'check') {
        const checked = policy.check(args.key ?? undefined, callCtx);
        return checked.ok ? ok(checked.value.text) : failWith(toolErrorOfPolicy(checked.error));
      }
      const set = policy.set(args.key ?? undefined, args.value, callCtx);
      return set.ok ? ok(set.value) : failWith(toolErrorOfPolicy(set.error));
    },
  });
}
