// Nothing reads meaning back out of a message: no regex or `Error`-prefix test on the text of an error or result.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkErrorMeaning, scanErrorMeaning } from '../helpers/error-meaning-rules';

const ROOT = resolve(__dirname, '../..');

describe('error meaning comes from codes', () => {
  it.each(['src-main', 'src-preload', 'src-renderer'])('holds across %s', (folder) => {
    expect(scanErrorMeaning(ROOT, folder)).toEqual([]);
  });

  it('flags the patterns that were removed', () => {
    const at = (source: string) => checkErrorMeaning('src-main/core/x.ts', source).map((v) => v.line);
    expect(at("if (/denied/i.test(event.result)) status = 'denied';")).toEqual([1]);
    expect(at('return SETTINGS_HINTS.test(message) ? "settings" : "retry";')).toEqual([1]);
    expect(at("const code = /not found/.test(result.error) ? 'not_found' : 'forbidden';")).toEqual([1]);
    expect(at('const m = err.message.match(/HTTP (\\d+)/);')).toEqual([1]);
    expect(at("return outcome.output.startsWith('Error') ? 1 : 0;")).toEqual([1]);
    expect(at("addMessage(key, !/^Error:/.test(res.value.text), res.value.text);")).toEqual([1]);
  });

  it('leaves parsing of user input, and formatting of our own messages, alone', () => {
    const at = (source: string) => checkErrorMeaning('src-main/core/x.ts', source).map((v) => v.line);
    expect(at("if (/^\\s*\\/(mcp|tools)\\b/i.test(text)) wait();")).toEqual([]);
    expect(at("return message.startsWith('Error') ? message : `Error: ${message}`;")).toEqual([]);
    expect(at('// no /denied/.test(error) here: codes say it')).toEqual([]);
    expect(checkErrorMeaning('src-main/core/model/providers/provider-errors.ts', 'if (/terminated/i.test(msg)) x();')).toEqual([]);
  });
});
