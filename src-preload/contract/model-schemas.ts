// Models domain: every model of every configured provider (their model lists, kept a while, read again on
// refresh) and the user's pick of one for a chat, with no preset needed.
import { z } from 'zod';
import { LIMITS } from './limits';
import { nameSchema, sessionKeySchema } from './common-schemas';
import { providerErrorKindSchema } from './error-schemas';
import { invoke } from './channel-spec';

/** A model a chat uses without a preset: the provider (a name in `providers`) and the model's id there. */
export const modelChoiceSchema = z.object({ provider: z.string(), model: z.string() });

export const modelsListInput = z.strictObject({ refresh: z.boolean().optional() }).optional();
export const providerModelsSchema = z.object({
  provider: z.string(),
  models: z.array(z.string()),
  /** Why the list could not be read (then `models` is empty). */
  error: z.object({ code: providerErrorKindSchema, message: z.string() }).optional(),
  fetchedAt: z.number(),
});
export const modelsListOutput = z.object({ providers: z.array(providerModelsSchema) });

export const modelsChooseInput = z.strictObject({
  sessionKey: sessionKeySchema,
  provider: nameSchema,
  model: z.string().min(1).max(LIMITS.titleChars),
});
export const modelsChooseOutput = z.object({ provider: z.string(), model: z.string() });

export type ModelChoiceView = z.output<typeof modelChoiceSchema>;
export type ProviderModelsView = z.output<typeof providerModelsSchema>;

/** `window.nanotray.models.<method>`: each method's channel with its input and output schema. */
export const modelsChannels = {
  /** The models of every configured provider, in config order; `refresh` reads each list again. */
  list: invoke('models:list', modelsListInput, modelsListOutput),
  /** The user's own pick of this chat's model, from its next turn (replaces its preset). Always allowed, like the preset picker. */
  choose: invoke('models:choose', modelsChooseInput, modelsChooseOutput),
};
