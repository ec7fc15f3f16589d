// Every IPC channel, collected from the domains' tables: `window.nanotray.<domain>.<method>` → channel name,
// input and output schema. The one list main registers, the preload and the web bridge expose, and types derive from.
import { appChannels, commandsChannels } from './app-schemas';
import { mcpChannels } from './mcp-schemas';
import { importsChannels } from './mcp-import-schemas';
import { elicitationChannels } from './elicitation-schemas';
import { approvalsChannels } from './approval-schemas';
import { chatChannels } from './chat-schemas';
import { pushChannels } from './event-schemas';
import { memoryChannels } from './memory-schemas';
import { filesChannels } from './file-schemas';
import { modelsChannels } from './model-schemas';
import { runtimeChannels } from './runtime-schemas';
import { cronChannels, heartbeatChannels } from './scheduler-schemas';
import { settingsChannels } from './settings-schemas';

/** Request/response channels (renderer → main) by API domain and method. */
export const API_CHANNELS = {
  chat: chatChannels,
  approvals: approvalsChannels,
  memory: memoryChannels,
  files: filesChannels,
  runtime: runtimeChannels,
  models: modelsChannels,
  heartbeat: heartbeatChannels,
  cron: cronChannels,
  settings: settingsChannels,
  mcp: mcpChannels,
  imports: importsChannels,
  elicitation: elicitationChannels,
  commands: commandsChannels,
  app: appChannels,
};

/** Push channels (main → renderer) by subscription name. */
export const PUSH_CHANNELS = pushChannels;

type Api = typeof API_CHANNELS;
type Push = typeof PUSH_CHANNELS;

/** Every request/response channel's spec, as one union. */
export type AnyInvokeSpec = { [D in keyof Api]: Api[D][keyof Api[D]] }[keyof Api];
export type InvokeChannel = AnyInvokeSpec['channel'];
export type EventChannel = Push[keyof Push]['channel'];
/** The spec (input and output schema) of one channel. */
export type InvokeSpecOf<C extends InvokeChannel> = Extract<AnyInvokeSpec, { channel: C }>;

/** Every invoke channel's spec, for routers and the schema map. */
export const INVOKE_SPECS: readonly AnyInvokeSpec[] = Object.values(API_CHANNELS).flatMap((methods): AnyInvokeSpec[] => Object.values(methods));
/** Every invoke channel name, for routers that register them all. */
export const INVOKE_CHANNELS: readonly InvokeChannel[] = INVOKE_SPECS.map((spec) => spec.channel);

/** The table's names alone: `api[domain][method]` and `push[subscription]` → channel. */
export interface ChannelNames {
  api: { [D in keyof Api]: { [M in keyof Api[D]]: Api[D][M] extends { channel: infer C } ? C : never } };
  push: { [E in keyof Push]: Push[E]['channel'] };
}

/**
 * The names without the schemas, for the bundles that must stay small (the preload, the page): the build
 * configs define them as __NANOTRAY_CHANNELS__ (see channel-names.ts and scripts/contract-defines.ts).
 */
export function channelNames(): ChannelNames {
  const names = (specs: Record<string, { channel: string }>) => Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, spec.channel]));
  const api = Object.fromEntries(Object.entries(API_CHANNELS).map(([domain, methods]) => [domain, names(methods)]));
  // Built key by key from the two tables, so each name sits where ChannelNames says.
  return { api, push: names(PUSH_CHANNELS) } as unknown as ChannelNames;
}
