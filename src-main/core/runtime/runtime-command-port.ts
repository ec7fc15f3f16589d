// Adapts core.runtime to the slash commands' RuntimePort (/my and /model), so they use the same policy.
import type { RuntimePort } from '../commands/command-services';
import type { AuditSource } from './audit.repo';
import type { RuntimeApi } from './install-runtime';

/**
 * `/my [key]` → the policy's check text; `/model <preset>` → the policy's `set model_preset` text
 * (audited with `source`, refused like any set while `tools.my.allowSet` is false).
 */
export function runtimeCommandPort(runtime: RuntimeApi, source: AuditSource = 'ui'): RuntimePort {
  return {
    check(sessionKey, key) {
      const result = runtime.check(key, { sessionKey, source });
      return result.ok ? result.value : result.error;
    },
    setModelPreset(sessionKey, preset) {
      const result = runtime.set('model_preset', preset, { sessionKey, source });
      return result.ok ? result.value : result.error;
    },
  };
}
