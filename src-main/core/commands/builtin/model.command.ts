// /model [preset]: show the session's model preset, or switch it. Typed by the user, so it is the user's own choice:
// the preset must exist, but `tools.my.allowSet` (what the agent may change about itself) does not apply.
import { effectiveModel, listPresets } from '../../model/model-presets';
import { getSession } from '../../store/sessions.repo';
import { COMMAND_AUDIT_SOURCE } from '../command-services';
import { commandError, type SlashCommand } from '../slash-command';

export const modelCommand: SlashCommand = {
  name: 'model',
  summary: "Show or change this session's model preset",
  usage: '/model [preset]',
  completeArgs: (args, services) => (args.length === 1 ? Object.keys(listPresets(services.config(), services.overrides)).sort() : []),
  async run({ sessionKey, args, services }) {
    const preset = args.join(' ').trim();
    if (preset) {
      const set = services.runtime.choosePreset(preset, { sessionKey, source: COMMAND_AUDIT_SOURCE });
      return set.ok ? { output: set.value } : commandError(set.error.message);
    }
    const config = services.config();
    const meta = getSession(services.db, sessionKey)?.meta;
    const current = effectiveModel(config, services.overrides, meta?.modelPreset, meta?.model);
    const names = Object.keys(listPresets(config, services.overrides)).sort();
    return {
      output: [
        `Model preset: ${current.presetName} (model ${current.model}, provider ${current.provider}, context ${current.contextWindowTokens} tokens)`,
        `Presets: ${names.join(', ')}`,
        'Switch with /model <preset>.',
      ].join('\n'),
    };
  },
};
