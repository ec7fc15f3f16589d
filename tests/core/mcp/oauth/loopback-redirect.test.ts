// The sign-in's redirect listener: 127.0.0.1 only, the code only with the right state, errors end the wait.
import { describe, expect, it } from 'vitest';
import { openLoopbackRedirect } from '../../../../src-main/core/mcp/oauth/loopback-redirect';
import { isOwnPort } from '../../../../src-main/core/lib/own-ports';

async function get(port: number, query: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/callback?${query}`);
  return { status: response.status, text: await response.text() };
}

describe('loopback redirect', () => {
  it('ignores an answer with another state (400) and takes the code of the right one', async () => {
    const redirect = await openLoopbackRedirect(0, 'state-1234567890', 'files');
    expect(await get(redirect.port, 'code=evil&state=forged')).toMatchObject({ status: 400 });
    expect(await get(redirect.port, 'code=evil')).toMatchObject({ status: 400 });
    const good = await get(redirect.port, 'code=the-code&state=state-1234567890');
    expect(good.status).toBe(200);
    expect(good.text).toContain('Nanotray is signed in to files');
    expect(await redirect.code).toEqual({ ok: true, value: 'the-code' });
  });

  it('ends the wait with the authorization server\'s error, shown escaped', async () => {
    const redirect = await openLoopbackRedirect(0, 'st', 'files');
    const page = await get(redirect.port, `state=st&error=access_denied&error_description=${encodeURIComponent('<script>x</script>')}`);
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('<script>x');
    expect(await redirect.code).toEqual({ ok: false, error: 'the authorization server answered access_denied: <script>x</script>' });
  });

  it('listens on 127.0.0.1 only and stops when closed', async () => {
    const redirect = await openLoopbackRedirect(0, 'st', 'files');
    expect(isOwnPort(redirect.port)).toBe(true); // no sandboxed command answers the sign-in
    await expect(fetch(`http://[::1]:${redirect.port}/callback?state=st&code=c`)).rejects.toThrow();
    redirect.close();
    expect(isOwnPort(redirect.port)).toBe(false);
    expect(await redirect.code).toEqual({ ok: false, error: 'the sign-in was cancelled' });
    await expect(fetch(`http://127.0.0.1:${redirect.port}/callback?state=st&code=c`)).rejects.toThrow();
  });
});
