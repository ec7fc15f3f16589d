// The `spawn` tool: the model starts a background subagent for a self-contained task and gets an id back.
import { z } from 'zod';
import { defineTool, failWith, ok } from '../tools/tool';
import { toolErrorOfService } from '../lib/tool-error';
import type { SubagentManager } from './subagent-manager';

export const SPAWN_TOOL_NAME = 'spawn';

const params = z.object({
  task: z.string().min(1).describe('The complete task for the subagent: what to do, where, and what to report back.'),
  label: z.string().optional().describe('A short name shown in status lists (default: the start of the task).'),
});

/** Creates the spawn tool bound to a manager. Returns at once: `Subagent [<label>] started (id: <id>).` */
export function createSpawnTool(manager: Pick<SubagentManager, 'spawn'>) {
  return defineTool({
    name: SPAWN_TOOL_NAME,
    description:
      'Start a subagent that works on a self-contained task in the background (files, exec and web tools; it ' +
      'cannot ask the user anything). You get its id at once and its result later as a system message, which ' +
      'you then summarise for the user. Use it for long research or file work while you keep talking.',
    params,
    category: 'read',
    async run(args, ctx) {
      const started = manager.spawn(args.task, args.label, ctx.sessionKey, ctx.turnId);
      if (!started.ok) return failWith(toolErrorOfService(started.error));
      return ok(`Subagent [${started.value.label}] started (id: ${started.value.id}).`);
    },
  });
}
