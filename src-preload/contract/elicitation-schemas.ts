// Elicitation domain: an MCP server asks the user for input, a form or a page to open. The request as the windows
// show it, the validator of an answer (built from the form's fields: the window and the core check alike), the
// answer and the pending list.
import { z } from 'zod';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';
import { emptyInputSchema } from './common-schemas';

/** Bounds of what a server may ask in one form (the core refuses a longer one). */
export const ELICITATION_LIMITS = { fields: 30, options: 100, textChars: 10_000, items: 100 } as const;

const fieldBase = {
  /** The property name the answer carries (the server's own key). */
  name: z.string(),
  /** The server's title for it (or the name), cleaned. */
  label: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  /** Its name, title or description speaks of a password, key, token, card or code: the window warns. */
  secretLike: z.boolean(),
};

const optionSchema = z.object({ value: z.string(), label: z.string() });

/** One field of a form, as Nanotray read the server's JSON Schema (flat primitives only, as the spec allows). */
export const elicitationFieldSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    ...fieldBase,
    format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    default: z.string().optional(),
  }),
  z.object({
    kind: z.literal('number'),
    ...fieldBase,
    integer: z.boolean(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.number().optional(),
  }),
  z.object({ kind: z.literal('boolean'), ...fieldBase, default: z.boolean().optional() }),
  /** One of `options` (a single select). */
  z.object({ kind: z.literal('choice'), ...fieldBase, options: z.array(optionSchema), default: z.string().optional() }),
  /** Any of `options` (a multi select). */
  z.object({
    kind: z.literal('multi'),
    ...fieldBase,
    options: z.array(optionSchema),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    default: z.array(z.string()).optional(),
  }),
]);

/** A request for input waiting for the user (the `elicitation.requested` event, `elicitation:pending`). */
export const elicitationRequestSchema = z.object({
  id: z.string(),
  sessionKey: z.string(),
  turnId: z.string(),
  /** The tool call that was running when the server asked (its card). */
  callId: z.string().optional(),
  /** Which MCP server asks: shown on every request. */
  server: z.string(),
  /** The server's message, cleaned (its own words: untrusted). */
  message: z.string(),
  mode: z.enum(['form', 'url']),
  /** Form mode: the fields, in the server's order. */
  fields: z.array(elicitationFieldSchema).optional(),
  /**
   * URL mode: the full address and its host (with how an internationalised host reads, so a lookalike stands
   * out). `opens`: https, or http on this computer; nothing else is opened.
   */
  link: z.object({ url: z.string(), host: z.string(), unicodeHost: z.string().optional(), opens: z.boolean() }).optional(),
  expiresAt: z.number(),
});

/** One answered field: text, a number, a yes/no, or the chosen options of a multi select. */
export const elicitationValueSchema = z.union([z.string().max(ELICITATION_LIMITS.textChars), z.number(), z.boolean(), z.array(z.string()).max(ELICITATION_LIMITS.items)]);

export const elicitationContentSchema = z.record(z.string().max(LIMITS.nameChars), elicitationValueSchema);

/** `accept` sends `content` (form) or says the page was opened (URL); `decline` says no; `cancel` dismisses. */
export const elicitationActionSchema = z.enum(['accept', 'decline', 'cancel']);

export const elicitationRespondInput = z.strictObject({
  id: z.string().min(1).max(LIMITS.nameChars),
  action: elicitationActionSchema,
  content: elicitationContentSchema.optional(),
});
/**
 * Why an answer does not fit its form, per field: a code for the window to say in its language, and the bound
 * (`limit`) where there is one. The same check the core makes before anything goes to the server.
 */
export const elicitationProblemSchema = z.object({
  field: z.string(),
  code: z.enum(['required', 'min_length', 'max_length', 'minimum', 'maximum', 'number', 'integer', 'email', 'uri', 'date', 'date_time', 'choice', 'min_items', 'max_items', 'invalid']),
  limit: z.number().optional(),
});

/** `resolved: false` with `problems`: the answer did not fit; the request still waits (fix and send again). */
export const elicitationRespondOutput = z.object({ resolved: z.boolean(), problems: z.array(elicitationProblemSchema).optional() });
export const elicitationPendingOutput = z.object({ pending: z.array(elicitationRequestSchema) });

export type ElicitationField = z.output<typeof elicitationFieldSchema>;
export type ElicitationRequest = z.output<typeof elicitationRequestSchema>;
export type ElicitationValue = z.output<typeof elicitationValueSchema>;
export type ElicitationContent = z.output<typeof elicitationContentSchema>;
export type ElicitationAction = z.output<typeof elicitationActionSchema>;
export type ElicitationProblem = z.output<typeof elicitationProblemSchema>;

function textSchema(field: Extract<ElicitationField, { kind: 'text' }>): z.ZodType {
  let base =
    field.format === 'email'
      ? z.email()
      : field.format === 'uri'
        ? z.url()
        : field.format === 'date'
          ? z.iso.date()
          : field.format === 'date-time'
            ? z.iso.datetime({ offset: true })
            : z.string();
  base = base.max(Math.min(field.maxLength ?? ELICITATION_LIMITS.textChars, ELICITATION_LIMITS.textChars));
  return field.minLength !== undefined ? base.min(field.minLength) : base;
}

function numberSchema(field: Extract<ElicitationField, { kind: 'number' }>): z.ZodType {
  let base = field.integer ? z.int() : z.number();
  if (field.minimum !== undefined) base = base.min(field.minimum);
  if (field.maximum !== undefined) base = base.max(field.maximum);
  return base;
}

function valueSchema(field: ElicitationField): z.ZodType {
  switch (field.kind) {
    case 'text':
      return textSchema(field);
    case 'number':
      return numberSchema(field);
    case 'boolean':
      return z.boolean();
    case 'choice':
      return z.enum(field.options.map((o) => o.value) as [string, ...string[]]);
    case 'multi': {
      let list = z.array(z.enum(field.options.map((o) => o.value) as [string, ...string[]]));
      if (field.minItems !== undefined) list = list.min(field.minItems);
      if (field.maxItems !== undefined) list = list.max(field.maxItems);
      return list;
    }
  }
}

/**
 * The validator of an answer to a form: each field's type, bounds, format and options, required fields present,
 * no other keys. The window shows its issues per field; the core checks again before anything goes to the server.
 */
export function elicitationAnswerSchema(fields: readonly ElicitationField[]): z.ZodType<ElicitationContent> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) shape[field.name] = field.required ? valueSchema(field) : valueSchema(field).optional();
  return z.strictObject(shape) as unknown as z.ZodType<ElicitationContent>;
}

function problemOf(field: ElicitationField, issue: z.core.$ZodIssue): ElicitationProblem {
  const at = (code: ElicitationProblem['code'], limit?: unknown): ElicitationProblem => ({ field: field.name, code, ...(limit !== undefined ? { limit: Number(limit) } : {}) });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return at('required');
      return field.kind === 'number' ? at(field.integer ? 'integer' : 'number') : at('invalid');
    case 'too_small':
      return at(issue.origin === 'string' ? 'min_length' : issue.origin === 'array' ? 'min_items' : 'minimum', issue.minimum);
    case 'too_big':
      return at(issue.origin === 'string' ? 'max_length' : issue.origin === 'array' ? 'max_items' : 'maximum', issue.maximum);
    case 'invalid_format':
      return at(issue.format === 'email' ? 'email' : issue.format === 'url' ? 'uri' : issue.format === 'date' ? 'date' : issue.format === 'datetime' ? 'date_time' : 'invalid');
    case 'invalid_value':
      return at('choice');
    default:
      return at('invalid');
  }
}

/** What is wrong with `content` for the form, one problem per field at most (empty when it fits). */
export function answerProblems(fields: readonly ElicitationField[], content: ElicitationContent): ElicitationProblem[] {
  const checked = elicitationAnswerSchema(fields).safeParse(content);
  if (checked.success) return [];
  const problems = new Map<string, ElicitationProblem>();
  for (const issue of checked.error.issues) {
    const field = fields.find((f) => f.name === issue.path[0]);
    if (field && !problems.has(field.name)) problems.set(field.name, problemOf(field, issue));
    if (!field) problems.set(String(issue.path[0] ?? ''), { field: String(issue.path[0] ?? ''), code: 'invalid' });
  }
  return [...problems.values()];
}

/** `window.nanotray.elicitation.<method>`: each method's channel with its input and output schema. */
export const elicitationChannels = {
  /** Answers a waiting request (a form's content is validated against its fields). */
  respond: invoke('elicitation:respond', elicitationRespondInput, elicitationRespondOutput),
  pending: invoke('elicitation:pending', emptyInputSchema, elicitationPendingOutput),
};
