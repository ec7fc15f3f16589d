// Reading a server's requested schema into form fields (kinds, bounds, options, defaults, cleaned labels, secret
// warnings) and refusing what cannot be shown; defaults filled into an answer.
import { describe, expect, it } from 'vitest';
import { formFields, withDefaults } from '../../../../src-main/core/mcp/elicitation/elicitation-form';
import { CONTACT_SCHEMA } from '../../../fixtures/mcp/depth-fixture.mjs';

describe('formFields', () => {
  it('reads the fixture contact form: text with bounds, a titled single select, an integer, a boolean', () => {
    const fields = formFields(CONTACT_SCHEMA);
    expect(fields).toEqual({
      ok: true,
      value: [
        { kind: 'text', name: 'name', label: 'Your name', description: 'How we address you', required: true, secretLike: false, minLength: 2 },
        {
          kind: 'choice',
          name: 'color',
          label: 'Colour',
          required: false,
          secretLike: false,
          options: [
            { value: 'r', label: 'Red' },
            { value: 'g', label: 'Green' },
          ],
          default: 'g',
        },
        { kind: 'number', name: 'age', label: 'age', required: false, secretLike: false, integer: true, minimum: 0, maximum: 150, default: 30 },
        { kind: 'boolean', name: 'subscribe', label: 'subscribe', required: false, secretLike: false, default: false },
      ],
    });
  });

  it('reads legacy enums with enumNames, multi selects, formats, and keeps a default only when it is an option', () => {
    const fields = formFields({
      type: 'object',
      properties: {
        size: { type: 'string', enum: ['s', 'm'], enumNames: ['Small', 'Medium'], default: 'xl' },
        tags: { type: 'array', items: { anyOf: [{ const: 'a', title: 'Alpha' }, { const: 'b' }] }, minItems: 1, default: ['b', 'zzz'] },
        mail: { type: 'string', format: 'email' },
        odd: { type: 'string', format: 'color' },
      },
    });
    expect(fields.ok && fields.value).toEqual([
      { kind: 'choice', name: 'size', label: 'size', required: false, secretLike: false, options: [{ value: 's', label: 'Small' }, { value: 'm', label: 'Medium' }] },
      { kind: 'multi', name: 'tags', label: 'tags', required: false, secretLike: false, options: [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'b' }], minItems: 1, default: ['b'] },
      { kind: 'text', name: 'mail', label: 'mail', required: false, secretLike: false, format: 'email' },
      { kind: 'text', name: 'odd', label: 'odd', required: false, secretLike: false },
    ]);
  });

  it('cleans the server words: escape sequences, bidi overrides and newlines are gone from labels', () => {
    const fields = formFields({ type: 'object', properties: { x: { type: 'string', title: 'Na\u001b]52;c;ZXZpbA==\u0007me\u202e\n!' } } });
    expect(fields.ok && fields.value[0]?.label).toBe('Name !');
  });

  it('marks fields that look like secrets', () => {
    const fields = formFields({
      type: 'object',
      properties: {
        apiKey: { type: 'string' },
        code: { type: 'string', title: 'Your one-time code' },
        note: { type: 'string', description: 'Paste the session token here' },
        city: { type: 'string', title: 'City' },
      },
    });
    expect(fields.ok && fields.value.map((f) => [f.name, f.secretLike])).toEqual([
      ['apiKey', true],
      ['code', true],
      ['note', true],
      ['city', false],
    ]);
  });

  it('refuses what it cannot show, with the reason', () => {
    expect(formFields({ type: 'object' })).toEqual({ ok: false, error: { code: 'invalid', message: 'the form has no fields' } });
    expect(formFields({ type: 'object', properties: { deep: { type: 'object', properties: {} } } })).toEqual({
      ok: false,
      error: { code: 'invalid', message: "the form's field 'deep' is of a kind Nanotray cannot show" },
    });
    expect(formFields({ type: 'object', properties: { pick: { type: 'string', enum: [] } } }).ok).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(formFields({ type: 'object', properties: many })).toEqual({ ok: false, error: { code: 'invalid', message: 'the form has 31 fields (at most 30)' } });
  });
});

describe('withDefaults', () => {
  it('fills the defaults of fields left out, keeps what the user gave', () => {
    const fields = formFields(CONTACT_SCHEMA);
    if (!fields.ok) throw new Error(fields.error.message);
    expect(withDefaults(fields.value, { name: 'Ada', age: 36 })).toEqual({ name: 'Ada', color: 'g', age: 36, subscribe: false });
  });
});
