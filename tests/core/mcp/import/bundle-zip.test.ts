// The entry names a bundle may have, checked by Nanotray itself besides yauzl: plain relative paths only.
import { describe, expect, it } from 'vitest';
import { BundleZipError, checkedEntryPath } from '../../../../src-main/core/mcp/import/mcpb/bundle-zip';

describe('checkedEntryPath', () => {
  it('keeps plain relative paths', () => {
    expect(checkedEntryPath('manifest.json')).toBe('manifest.json');
    expect(checkedEntryPath('server/lib/')).toBe('server/lib');
    expect(checkedEntryPath('server/a..b.js')).toBe('server/a..b.js');
  });

  const hostile: Array<[string, RegExp]> = [
    ['../x', /leaves the bundle's folder/],
    ['server/../../x', /leaves the bundle's folder/],
    ['server/./x', /not a plain path/],
    ['a//b', /not a plain path/],
    ['/etc/passwd', /absolute path/],
    ['C:/Windows/x', /absolute path/],
    ['server\\..\\x', /backslash/],
    ['bad\0name', /invalid name/],
    ['', /invalid name/],
  ];
  for (const [name, reason] of hostile) {
    it(`refuses ${JSON.stringify(name)}`, () => {
      expect(() => checkedEntryPath(name)).toThrow(BundleZipError);
      expect(() => checkedEntryPath(name)).toThrow(reason);
    });
  }
});
