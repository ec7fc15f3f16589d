// Reads the form an MCP server sent (its `requestedSchema`, hostile like any server text) into the fields the windows
// and the CLI show: flat primitives only, bounded, labels cleaned; and fills a form's defaults into an answer.
import { ELICITATION_LIMITS, type ElicitationContent, type ElicitationField } from '../../../../src-preload/contract/elicitation-schemas';
import { failure } from '../../lib/core-error';
import { okResult, type Result } from '../../lib/result';
import type { ServiceError } from '../../lib/core-error';
import { cleanServerLine, cleanServerText } from '../server-text';
import { looksSecret } from './secret-words';

const LABEL_CHARS = 120;
const DESCRIPTION_CHARS = 500;
const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

type Json = Record<string, unknown>;
type Option = { value: string; label: string };

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `enum` (+ legacy `enumNames`), or `oneOf`/`anyOf` of `{ const, title }`: the options of a select. */
function optionsOf(schema: Json): Option[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum.map((v, i) => ({ value: String(v), label: cleanServerLine(str(names[i]) ?? String(v), LABEL_CHARS) }));
  }
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (!titled) return undefined;
  return titled.filter(isRecord).map((o) => ({ value: String(o.const), label: cleanServerLine(str(o.title) ?? String(o.const), LABEL_CHARS) }));
}

type Base = Pick<ElicitationField, 'name' | 'label' | 'description' | 'required' | 'secretLike'>;

function fieldOf(base: Base, schema: Json): Result<ElicitationField, ServiceError<'invalid'>> {
  const unsupported = failure('invalid', `the form's field '${base.name}' is of a kind Nanotray cannot show`);
  const options = optionsOf(schema);
  if (options && schema.type !== 'array') {
    if (options.length === 0 || options.length > ELICITATION_LIMITS.options) return unsupported;
    const fallback = str(schema.default);
    return okResult({ kind: 'choice', ...base, options, ...(fallback !== undefined && options.some((o) => o.value === fallback) ? { default: fallback } : {}) });
  }
  switch (schema.type) {
    case 'string': {
      const format = str(schema.format);
      return okResult({
        kind: 'text',
        ...base,
        ...(format && FORMATS.has(format) ? { format: format as 'email' } : {}),
        ...(num(schema.minLength) !== undefined ? { minLength: num(schema.minLength) } : {}),
        ...(num(schema.maxLength) !== undefined ? { maxLength: num(schema.maxLength) } : {}),
        ...(str(schema.default) !== undefined ? { default: str(schema.default) } : {}),
      });
    }
    case 'number':
    case 'integer':
      return okResult({
        kind: 'number',
        ...base,
        integer: schema.type === 'integer',
        ...(num(schema.minimum) !== undefined ? { minimum: num(schema.minimum) } : {}),
        ...(num(schema.maximum) !== undefined ? { maximum: num(schema.maximum) } : {}),
        ...(num(schema.default) !== undefined ? { default: num(schema.default) } : {}),
      });
    case 'boolean':
      return okResult({ kind: 'boolean', ...base, ...(typeof schema.default === 'boolean' ? { default: schema.default } : {}) });
    case 'array': {
      const items = isRecord(schema.items) ? optionsOf(schema.items) : undefined;
      if (!items || items.length === 0 || items.length > ELICITATION_LIMITS.options) return unsupported;
      const values = new Set(items.map((o) => o.value));
      const fallback = Array.isArray(schema.default) ? schema.default.map(String).filter((v) => values.has(v)) : undefined;
      return okResult({
        kind: 'multi',
        ...base,
        options: items,
        ...(num(schema.minItems) !== undefined ? { minItems: num(schema.minItems) } : {}),
        ...(num(schema.maxItems) !== undefined ? { maxItems: num(schema.maxItems) } : {}),
        ...(fallback ? { default: fallback } : {}),
      });
    }
    default:
      return unsupported;
  }
}

/**
 * The fields of a requested schema, in its order. Refused (with the reason, for the server and the model): no
 * object, more than ELICITATION_LIMITS.fields fields, or a field that is not a flat primitive.
 */
export function formFields(requestedSchema: unknown): Result<ElicitationField[], ServiceError<'invalid'>> {
  if (!isRecord(requestedSchema) || !isRecord(requestedSchema.properties)) return failure('invalid', 'the form has no fields');
  const entries = Object.entries(requestedSchema.properties);
  if (entries.length > ELICITATION_LIMITS.fields) return failure('invalid', `the form has ${entries.length} fields (at most ${ELICITATION_LIMITS.fields})`);
  const required = new Set(Array.isArray(requestedSchema.required) ? requestedSchema.required.filter((r) => typeof r === 'string') : []);
  const fields: ElicitationField[] = [];
  for (const [name, schema] of entries) {
    if (!isRecord(schema)) return failure('invalid', `the form's field '${cleanServerLine(name, LABEL_CHARS)}' has no schema`);
    const label = cleanServerLine(str(schema.title) ?? name, LABEL_CHARS) || name;
    const description = str(schema.description) ? cleanServerText(str(schema.description)!, DESCRIPTION_CHARS) : undefined;
    const base: Base = {
      name,
      label,
      ...(description ? { description } : {}),
      required: required.has(name),
      secretLike: looksSecret([name, str(schema.title) ?? '', str(schema.description) ?? '']),
    };
    const field = fieldOf(base, schema);
    if (!field.ok) return field;
    fields.push(field.value);
  }
  return okResult(fields);
}

/** `content` with the default of every field the user left out (SEP-1034: a default the form showed is the answer). */
export function withDefaults(fields: readonly ElicitationField[], content: ElicitationContent): ElicitationContent {
  const filled: ElicitationContent = { ...content };
  for (const field of fields) {
    if (filled[field.name] === undefined && field.default !== undefined) filled[field.name] = field.default;
  }
  return filled;
}
