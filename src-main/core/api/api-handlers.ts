// The ONE implementation of the IPC contract on top of the core, shared by the Electron ipc-router and the
// browser host. Input is validated by the dispatcher before it gets here; handlers return values, never throw
// on purpose (the dispatcher turns accidents into a logged `internal` error).
import type { Core } from '../nanotray-core';
import type { InvokeHandlers } from '../../../src-preload/contract/schemas';
import type { ApiHost } from './api-host';
import { createChatHandlers } from './handlers/chat-handlers';
import { createApprovalHandlers } from './handlers/approvals-handlers';
import { createMemoryHandlers } from './handlers/memory-handlers';
import { createFilesHandlers } from './handlers/files-handlers';
import { createRuntimeHandlers } from './handlers/runtime-handlers';
import { createModelHandlers } from './handlers/model-handlers';
import { createNetworkHandlers } from './handlers/network-handlers';
import { createSchedulerHandlers } from './handlers/scheduler-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { createAppHandlers } from './handlers/app-handlers';
import { createMcpHandlers } from './handlers/mcp-handlers';
import { createMcpImportHandlers } from './handlers/mcp-import-handlers';
import { createElicitationHandlers } from './handlers/elicitation-handlers';

/** Builds every contract handler for one core and one host (Electron or browser). */
export function createApiHandlers(core: Core, host: ApiHost): InvokeHandlers {
  return {
    ...createChatHandlers(core),
    ...createApprovalHandlers(core),
    ...createMemoryHandlers(core),
    ...createFilesHandlers(core),
    ...createRuntimeHandlers(core),
    ...createModelHandlers(core),
    ...createNetworkHandlers(core),
    ...createSchedulerHandlers(core),
    ...createSettingsHandlers(core, host),
    ...createMcpHandlers(core),
    ...createMcpImportHandlers(core),
    ...createElicitationHandlers(core),
    ...createAppHandlers(core, host),
  };
}
