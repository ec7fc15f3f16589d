// A server's form as the window edits it: inputs start at the defaults, become the content to send (empty text and
// numbers typed as text handled), and the core's problems become messages per field.
import { describe, expect, it } from 'vitest';
import type { ElicitationField } from '@contract/schemas';
import { contentOf, initialInputs, problemMessages } from '../../src-renderer/src/features/mcp/elicitation-inputs';

const FIELDS: ElicitationField[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, secretLike: false },
  { kind: 'number', name: 'age', label: 'Age', required: false, secretLike: false, integer: true, default: 30 },
  { kind: 'boolean', name: 'news', label: 'News', required: false, secretLike: false },
  { kind: 'choice', name: 'color', label: 'Colour', required: false, secretLike: false, options: [{ value: 'r', label: 'Red' }], default: 'r' },
  { kind: 'multi', name: 'tags', label: 'Tags', required: false, secretLike: false, options: [{ value: 'a', label: 'A' }] },
];

describe('elicitation inputs', () => {
  it('start at the form’s defaults', () => {
    expect(initialInputs(FIELDS)).toEqual({ name: '', age: '30', news: false, color: 'r', tags: [] });
  });

  it('become the content: numbers parsed (one that is not goes as typed), empty text and no options left out', () => {
    expect(contentOf(FIELDS, { name: 'Ada', age: ' 36 ', news: true, color: '', tags: [] })).toEqual({ name: 'Ada', age: 36, news: true });
    expect(contentOf(FIELDS, { name: '  ', age: 'x', news: false, color: 'r', tags: ['a'] })).toEqual({ age: 'x', news: false, color: 'r', tags: ['a'] });
  });

  it('turn the core’s problems into messages per field', () => {
    expect(problemMessages([{ field: 'name', code: 'required' }, { field: 'age', code: 'maximum', limit: 150 }])).toEqual({
      name: 'This field is required.',
      age: 'At most 150.',
    });
  });
});
