// /approve [ask|auto|readonly]: show or change when tools need the user's approval (tools.approval.mode).
import type { Config } from '../../config/config-schema';
import type { SlashCommand } from '../slash-command';

type ApprovalMode = Config['tools']['approval']['mode'];

const MODES: Record<ApprovalMode, string> = {
  ask: 'ask before write and command tools',
  auto: 'run every tool without asking',
  readonly: 'refuse write and command tools',
};

function isMode(value: string): value is ApprovalMode {
  return value in MODES;
}

export const approveCommand: SlashCommand = {
  name: 'approve',
  summary: 'Show or change the approval mode',
  usage: '/approve [ask|auto|readonly]',
  subcommands: Object.entries(MODES).map(([name, summary]) => ({ name, summary })),
  async run({ args, services }) {
    const wanted = args[0]?.toLowerCase();
    if (!wanted) {
      const mode = services.config().tools.approval.mode;
      return { output: `Approval mode: ${mode} (${MODES[mode]}). Modes: ${Object.keys(MODES).join(', ')}.` };
    }
    if (!isMode(wanted)) return { output: `Error: unknown approval mode '${wanted}'. Modes: ${Object.keys(MODES).join(', ')}.` };
    const updated = services.updateConfig((raw) => {
      const tools = (raw.tools ??= {}) as Record<string, unknown>;
      const approval = (tools.approval ??= {}) as Record<string, unknown>;
      approval.mode = wanted;
    });
    if (!updated.ok) return { output: `Error: could not save the approval mode: ${updated.error}` };
    return { output: `Approval mode set to ${wanted} (${MODES[wanted]}).` };
  },
};
