// The untrusted-content marker: first line of an output, right after `Error:` of an error, images kept.
import { describe, expect, it } from 'vitest';
import { markUntrusted, untrustedBanner } from '../../../src-main/core/tools/untrusted';

const banner = untrustedBanner('MCP server \'m\' (tool t)');

describe('markUntrusted', () => {
  it('puts the banner before an output, keeping images', () => {
    const image = { mimeType: 'image/png', data: 'AA==' };
    expect(markUntrusted({ ok: true, output: 'hello' }, "MCP server 'm' (tool t)")).toEqual({ ok: true, output: `${banner}\n\nhello` });
    expect(markUntrusted({ ok: true, output: '', images: [image] }, "MCP server 'm' (tool t)")).toEqual({ ok: true, output: banner, images: [image] });
  });

  it('keeps an error an error that starts with "Error:", with its code', () => {
    expect(markUntrusted({ ok: false, error: { code: 'failed', message: 'Error: nope' } }, "MCP server 'm' (tool t)")).toEqual({
      ok: false,
      error: { code: 'failed', message: `Error: ${banner}\nnope` },
    });
    expect(markUntrusted({ ok: false, error: { code: 'timeout', message: 'odd' } }, "MCP server 'm' (tool t)")).toEqual({
      ok: false,
      error: { code: 'timeout', message: `Error: ${banner}\nodd` },
    });
  });
});
