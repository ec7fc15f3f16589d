// App-level domains: MCP status, slash commands, app info, external links and window control.
import { z } from 'zod';
import { LIMITS } from './limits';
import { sessionKeySchema } from './common-schemas';
import { viewSchema } from './event-schemas';

export const mcpServerStatusSchema = z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  state: z.enum(['connected', 'connecting', 'failed', 'disabled']),
  tools: z.array(z.string()),
  error: z.string().optional(),
});
export const mcpStatusOutput = z.object({ servers: z.array(mcpServerStatusSchema) });

export const slashCommandSchema = z.object({
  /** Without the slash: `new`, `stop`, `help`, … */
  name: z.string(),
  description: z.string(),
  usage: z.string().optional(),
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
});

export const appInfoOutput = z.object({
  version: z.string(),
  host: z.enum(['electron', 'web']),
  platform: z.string(),
  home: z.string(),
  workspace: z.string(),
  configPath: z.string(),
  /** Set when the app started without a usable config (the UI should point at settings). */
  startupError: z.string().optional(),
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

export type McpServerStatus = z.output<typeof mcpServerStatusSchema>;
export type SlashCommand = z.output<typeof slashCommandSchema>;
export type AppInfo = z.output<typeof appInfoOutput>;
