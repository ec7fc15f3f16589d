// What resource contents become for the model: bounded text, several items headed, binary text decoded only when it
// is UTF-8, pictures by size and model.
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BASE64_CHARS, resourceView } from '../../../../src-main/core/mcp/resources/resource-content';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe('resourceView', () => {
  it('cuts text past the bound and says so', () => {
    const view = resourceView([{ uri: 'a://x', text: 'x'.repeat(50) }], false, 20);
    expect(view.text).toBe(`${'x'.repeat(20)}\n[… cut: the read passed 20 characters]`);
  });

  it('heads several items with their URIs and stops listing once the bound is reached', () => {
    const view = resourceView(
      [
        { uri: 'a://1', mimeType: 'text/plain', text: 'one' },
        { uri: 'a://2', text: 'y'.repeat(100) },
        { uri: 'a://3', text: 'three' },
      ],
      false,
      60,
    );
    expect(view.text.startsWith('--- a://1 (text/plain) ---\none\n\n--- a://2 ---\nyyy')).toBe(true);
    expect(view.text).toContain('[… cut: the read passed 60 characters]');
    expect(view.text.endsWith('[… 1 more item(s) not shown: the read passed 60 characters]')).toBe(true);
  });

  it('decodes text-like binary only when it is UTF-8', () => {
    expect(resourceView([{ uri: 'a://c.csv', mimeType: 'text/csv', blob: b64('a,b\n1,2') }], false).text).toBe('a,b\n1,2');
    expect(resourceView([{ uri: 'a://v', mimeType: 'application/vnd.api+json', blob: b64('{"v":1}') }], false).text).toBe('{"v":1}');
    expect(resourceView([{ uri: 'a://bad.txt', mimeType: 'text/plain', blob: b64(Buffer.from([0xff, 0xfe, 0x00])) }], false).text).toBe(
      '[binary content a://bad.txt (text/plain, 3 bytes): not shown]',
    );
  });

  it('attaches a picture for a vision model unless it is too large', () => {
    expect(resourceView([{ uri: 'a://p.png', mimeType: 'image/png', blob: 'AAAA' }], true)).toEqual({ text: '[image a://p.png (image/png) attached]', images: [{ mimeType: 'image/png', data: 'AAAA' }] });
    const huge = 'A'.repeat(MAX_IMAGE_BASE64_CHARS + 4);
    expect(resourceView([{ uri: 'a://big.png', mimeType: 'image/png', blob: huge }], true)).toEqual({ text: '[image a://big.png (image/png, 4.3 MB) omitted: too large to attach]', images: [] });
    expect(resourceView([], false).text).toBe('(the resource is empty)');
  });
});
