// A form an MCP server sent, as the window edits it: the inputs start at the form's defaults and become the answer's
// content; the core checks it (the contract's validator) and its problems become a message per field.
import type { ElicitationContent, ElicitationField, ElicitationProblem } from '@contract/schemas';
import { t } from '../../i18n/i18n';

/** What a field's control holds: text (also numbers while typed), a checkbox, a choice, the chosen options. */
export type FieldInput = string | boolean | string[];

export function initialInputs(fields: readonly ElicitationField[]): Record<string, FieldInput> {
  const inputs: Record<string, FieldInput> = {};
  for (const f of fields) {
    switch (f.kind) {
      case 'boolean':
        inputs[f.name] = f.default ?? false;
        break;
      case 'multi':
        inputs[f.name] = f.default ?? [];
        break;
      case 'number':
        inputs[f.name] = f.default !== undefined ? String(f.default) : '';
        break;
      default:
        inputs[f.name] = f.default ?? '';
    }
  }
  return inputs;
}

/** The content to send: empty text and unchosen options are left out (the form's defaults fill in for them). */
export function contentOf(fields: readonly ElicitationField[], inputs: Record<string, FieldInput>): ElicitationContent {
  const content: ElicitationContent = {};
  for (const f of fields) {
    const value = inputs[f.name];
    if (f.kind === 'boolean') content[f.name] = value === true;
    else if (f.kind === 'multi') {
      if (Array.isArray(value) && value.length) content[f.name] = value;
    } else if (typeof value === 'string' && value.trim() !== '') {
      // A number that does not read as one goes as typed: the core names the problem ("a whole number").
      const number = Number(value.trim());
      content[f.name] = f.kind !== 'number' ? value : Number.isFinite(number) ? number : value.trim();
    }
  }
  return content;
}

const PROBLEM_KEY = {
  required: 'mcp.field.required',
  min_length: 'mcp.field.minLength',
  max_length: 'mcp.field.maxLength',
  minimum: 'mcp.field.minimum',
  maximum: 'mcp.field.maximum',
  number: 'mcp.field.number',
  integer: 'mcp.field.integer',
  email: 'mcp.field.email',
  uri: 'mcp.field.uri',
  date: 'mcp.field.date',
  date_time: 'mcp.field.dateTime',
  choice: 'mcp.field.choice',
  min_items: 'mcp.field.minItems',
  max_items: 'mcp.field.maxItems',
  invalid: 'mcp.field.invalid',
} as const satisfies Record<ElicitationProblem['code'], string>;

/** Per field name, what the core said is wrong with its value, in the window's language. */
export function problemMessages(problems: readonly ElicitationProblem[]): Record<string, string> {
  return Object.fromEntries(problems.map((p) => [p.field, t(PROBLEM_KEY[p.code], { n: p.limit ?? 0 })]));
}
