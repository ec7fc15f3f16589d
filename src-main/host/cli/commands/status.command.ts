// `nanotray status`: where things are, which provider and model a turn would use, and how much is stored.
import { existsSync } from 'node:fs';
import { effectiveModel } from '../../../core/model/model-presets';
import { countMessages } from '../../../core/store/messages.repo';
import { countSessions } from '../../../core/store/sessions.repo';
import { maskSecret } from '../../../core/lib/redact';
import { write, type CliCommand } from '../cli-command';
import { openCliCore } from './cli-core';
import { formatStatusOverview } from '../../../core/runtime/status-overview';
import { systemSandbox } from '../../../core/tools/os-sandbox/exec-sandbox';
import { describeSandbox } from '../../../core/tools/os-sandbox/sandbox-state';
import { maskUrlSecrets } from '../../../core/config/secret-parts';
import { formatMcpStatus } from '../../../core/commands/builtin/mcp.command';

/** How long `status` waits for configured MCP servers before showing their state. */
const MCP_WAIT_MS = 10_000;

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'Show provider, model, home, workspace, stored sessions and messages, and MCP servers',
  usage: 'Usage: nanotray status',
  async run(_args, io) {
    const core = openCliCore(io, 'status');
    if (!core) return 1;
    try {
      const config = core.config();
      const model = effectiveModel(config, core.overrides);
      const provider = config.providers[model.provider];
      const providerLine = provider
        ? `${model.provider} (${maskUrlSecrets(provider.baseUrl ?? 'https://api.openai.com/v1')}; key ${provider.apiKey ? maskSecret(provider.apiKey) : 'not set'})`
        : `${model.provider} — not configured: set OPENAI_API_KEY or add providers.${model.provider} to config.json`;
      const configState = existsSync(core.paths.configFile) ? '' : ' (missing — run `nanotray onboard`)';
      const sandbox = await systemSandbox.state(config.tools.exec);
      const rows: [string, string][] = [
        ['home', core.paths.home],
        ['config', `${core.paths.configFile}${configState}`],
        ['workspace', core.workspace()],
        ['provider', providerLine],
        ['model', `${model.model} (preset ${model.presetName})`],
        ['sandbox', `exec ${describeSandbox(sandbox)}`],
        ['sessions', String(countSessions(core.db))],
        ['messages', String(countMessages(core.db))],
      ];
      write(io.stdout, ['Nanotray status', ...rows.map(([k, v]) => `  ${`${k}:`.padEnd(11)}${v}`)].join('\n'));
      write(io.stdout, formatStatusOverview(core.runtime.overview()));
      // Servers get the same 10 s as `agent -m`, so their state and tool counts are real.
      await core.mcp.waitForServers(MCP_WAIT_MS);
      write(io.stdout, formatMcpStatus(core.mcp.status(), core.mcp.budget()));
      return 0;
    } finally {
      await core.dispose();
    }
  },
};
