// Table tests for the IPC sender check: only the app's own pages (built files or the dev server origin).
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { isAppUrl, isTrustedSender } from '../../src-main/shell/trusted-sender';

const DIR = '/opt/Nanotray/resources/app.asar/out/renderer';
const DEV = 'http://localhost:5173';

describe('isAppUrl', () => {
  it.each([
    ['file:///opt/Nanotray/resources/app.asar/out/renderer/index.html', undefined, true],
    ['file:///opt/Nanotray/resources/app.asar/out/renderer/quick.html', undefined, true],
    ['file:///opt/Nanotray/resources/app.asar/out/renderer/index.html#/memory', undefined, true],
    ['file:///opt/Nanotray/resources/app.asar/out/renderer/index.html?x=1', undefined, true],
    ['file:///opt/Nanotray/resources/app.asar/out/renderer/other.html', undefined, false],
    ['file:///opt/Nanotray/resources/app.asar/out/renderer/../renderer/index.html', undefined, true],
    ['file:///tmp/index.html', undefined, false],
    ['file:///opt/Nanotray/resources/app.asar/out/renderer/assets/evil.html', undefined, false],
    ['file://remote-host/opt/Nanotray/resources/app.asar/out/renderer/index.html', undefined, false],
    ['http://localhost:5173/', DEV, true],
    ['http://localhost:5173/quick.html', DEV, true],
    ['http://localhost:5173/', undefined, false],
    ['http://localhost:5174/', DEV, false],
    ['https://localhost:5173/', DEV, false],
    ['http://localhost:5173.evil.test/', DEV, false],
    ['http://evil.test/', DEV, false],
    ['about:blank', DEV, false],
    ['data:text/html,<script>1</script>', DEV, false],
    ['javascript:alert(1)', DEV, false],
    ['devtools://devtools/bundled/inspector.html', DEV, false],
    ['', DEV, false],
    [undefined, DEV, false],
    ['not a url', DEV, false],
  ])('%j (dev %j) → %s', (url, dev, expected) => {
    expect(isAppUrl(url, dev, DIR)).toBe(expected);
  });

  it('ignores a dev server URL that is not http(s)', () => {
    expect(isAppUrl('file:///etc/passwd', 'file:///etc/', DIR)).toBe(false);
  });
});

describe('isAppUrl on Windows', () => {
  const WIN_DIR = 'c:\\Users\\Ada Lovelace\\AppData\\Local\\Programs\\Nanotray\\resources\\app.asar\\out\\renderer';
  it.each([
    // Chromium upper-cases the drive letter the app's folder came with (c:\ from a terminal)
    ['file:///C:/Users/Ada%20Lovelace/AppData/Local/Programs/Nanotray/resources/app.asar/out/renderer/index.html', true],
    ['file:///c:/Users/Ada%20Lovelace/AppData/Local/Programs/Nanotray/resources/app.asar/out/renderer/quick.html', true],
    ['file:///C:/Users/Ada%20Lovelace/AppData/Local/Programs/Nanotray/resources/app.asar/out/renderer/other.html', false],
    ['file:///D:/Users/Ada%20Lovelace/AppData/Local/Programs/Nanotray/resources/app.asar/out/renderer/index.html', false],
    ['file://server/C:/Users/Ada%20Lovelace/AppData/Local/Programs/Nanotray/resources/app.asar/out/renderer/index.html', false],
  ])('%s -> %s', (url, expected) => {
    expect(isAppUrl(url, undefined, WIN_DIR, 'win32')).toBe(expected);
  });
});

describe('isTrustedSender', () => {
  const url = `file://${DIR}/index.html`;
  it('accepts the top frame of an app page', () => {
    expect(isTrustedSender({ senderFrame: { url, parent: null } } as never, undefined, DIR)).toBe(true);
  });
  it('refuses a sub-frame, a missing frame and a foreign page', () => {
    expect(isTrustedSender({ senderFrame: { url, parent: {} } } as never, undefined, DIR)).toBe(false);
    expect(isTrustedSender({ senderFrame: null } as never, undefined, DIR)).toBe(false);
    expect(isTrustedSender({ senderFrame: { url: 'https://evil.test/', parent: null } } as never, undefined, DIR)).toBe(false);
  });
});
