// Table tests of hostile names for the three screens.
import { describe, expect, it } from 'vitest';
import {
  firstRefusedSegment, isBlockedName, isPrototypeLike, isReadOnlyName, splitKey,
} from '../../../src-main/core/runtime/key-screens';
import { formatValue, typeName } from '../../../src-main/core/runtime/value-format';

describe('isPrototypeLike', () => {
  it.each([
    ['__proto__', true], ['__class__', true], ['__', true], ['__anything', true], ['prototype', true],
    ['constructor', true], ['CONSTRUCTOR', true], ['_private', false], ['proto', false], ['model', false],
  ])('%j → %s', (name, expected) => {
    expect(isPrototypeLike(name)).toBe(expected);
  });
});

describe('blocked and read-only names', () => {
  it('are matched case-insensitively', () => {
    expect(isBlockedName('Tools')).toBe(true);
    expect(isBlockedName('RESTRICT_TO_WORKSPACE')).toBe(true);
    expect(isBlockedName('tool_names')).toBe(false);
    expect(isReadOnlyName('Web_Config')).toBe(true);
    expect(isReadOnlyName('model')).toBe(false);
  });

  it('blocked names are refused only as the first segment; sensitive and prototype names at any depth', () => {
    expect(firstRefusedSegment(splitKey('config.x'))).toBe('config');
    expect(firstRefusedSegment(splitKey('model_presets.fast.provider'))).toBeUndefined();
    expect(firstRefusedSegment(splitKey('a.b.c.Token'))).toBe('Token');
    expect(firstRefusedSegment(splitKey('a.__proto__.polluted'))).toBe('__proto__');
    expect(firstRefusedSegment(splitKey('  max_iterations  '))).toBeUndefined();
  });
});

describe('value-format', () => {
  it('names types the Python way', () => {
    expect([true, 1, 1.5, 'x', null, undefined, [], {}].map(typeName)).toEqual(
      ['bool', 'int', 'float', 'string', 'null', 'null', 'list', 'object'],
    );
  });

  it('prints JSON and summarises large values', () => {
    expect(formatValue('text')).toBe('"text"');
    expect(formatValue(undefined)).toBe('null');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 })).toBe('{a, b, c, d, e, f}');
    expect(formatValue(Array(21).fill(0))).toBe('[21 items]');
    expect(formatValue([])).toBe('[]');
  });
});
