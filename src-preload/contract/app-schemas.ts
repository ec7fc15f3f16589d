// App-level domains: slash commands, app info, external links and window control.
import { z } from 'zod';
import { emptyInputSchema, sessionKeySchema } from './common-schemas';
import { LIMITS } from './limits';
import { viewSchema } from './event-schemas';
import { invoke } from './channel-spec';

export const slashCommandSchema = z.object({
  /** Without the slash: `new`, `stop`, `help`, … */
  name: z.string(),
  description: z.string(),
  usage: z.string().optional(),
  subcommands: z.array(z.object({ name: z.string(), summary: z.string() })).optional(),
});
export const commandsListOutput = z.object({ commands: z.array(slashCommandSchema) });

export const commandsRunInput = z.strictObject({
  sessionKey: sessionKeySchema,
  /** The full line, starting with `/`. */
  text: z.string().min(1).max(LIMITS.textChars).startsWith('/'),
});
export const commandsRunOutput = z.object({
  /** False when the line is not a known command (send it as a message instead). */
  handled: z.boolean(),
  /** Text to show the user. */
  output: z.string(),
  /** The session the UI should show afterwards (e.g. after `/new`). */
  sessionKey: z.string().optional(),
  /** `new_session`: start a fresh chat; `clear`: the session's messages were cleared (reload history). */
  action: z.enum(['new_session', 'clear']).optional(),
  /** Send this as the user's message (an MCP prompt the command filled in); `output` is then empty. */
  send: z.object({ text: z.string() }).optional(),
});

export const commandsCompleteInput = z.strictObject({ text: z.string().max(LIMITS.textChars) });
/** One suggestion: its `text` replaces the whole input. */
export const commandCompletionSchema = z.object({ text: z.string(), label: z.string(), description: z.string() });
export const commandsCompleteOutput = z.object({ completions: z.array(commandCompletionSchema) });

export const appInfoOutput = z.object({
  version: z.string(),
  host: z.enum(['electron', 'web']),
  platform: z.string(),
  home: z.string(),
  workspace: z.string(),
  configPath: z.string(),
  /** Set when the app started without a usable config (the UI should point at settings). */
  startupError: z.string().optional(),
  /** Set when the database was found damaged at start and repaired: what came back, from when, where the damaged file is. */
  databaseRepair: z
    .object({ restoredFrom: z.number().optional(), recoveredMessages: z.number().int(), damagedKeptAt: z.string() })
    .optional(),
});

export const appOpenExternalInput = z.strictObject({
  url: z
    .string()
    .max(LIMITS.urlChars)
    .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), 'an http(s) URL'),
});
export const appOpenExternalOutput = z.object({ opened: z.boolean() });

export const appShowMainWindowInput = z.strictObject({ view: viewSchema.optional(), sessionKey: sessionKeySchema.optional() }).optional();
export const appShowMainWindowOutput = z.object({ shown: z.boolean() });
export const appHideQuickAskOutput = z.object({ hidden: z.boolean() });

export type SlashCommand = z.output<typeof slashCommandSchema>;
export type AppInfo = z.output<typeof appInfoOutput>;
export type CommandCompletion = z.output<typeof commandCompletionSchema>;

/** `window.nanotray.commands.<method>`: each method's channel with its input and output schema. */
export const commandsChannels = {
  list: invoke('commands:list', emptyInputSchema, commandsListOutput),
  run: invoke('commands:run', commandsRunInput, commandsRunOutput),
  /** Autocomplete for a partly typed `/command`. */
  complete: invoke('commands:complete', commandsCompleteInput, commandsCompleteOutput),
};

/** `window.nanotray.app.<method>`: each method's channel with its input and output schema. */
export const appChannels = {
  info: invoke('app:info', emptyInputSchema, appInfoOutput),
  /** http/https only; opens in the system browser (a new tab in the browser host). */
  openExternal: invoke('app:open-external', appOpenExternalInput, appOpenExternalOutput),
  /** Quick ask "open in window": show the main window at a view/session. */
  showMainWindow: invoke('app:show-main-window', appShowMainWindowInput, appShowMainWindowOutput),
  hideQuickAsk: invoke('app:hide-quick-ask', emptyInputSchema, appHideQuickAskOutput),
};
