// The browser host's WebSocket frames: what each end accepts, and that a frame survives encode → parse.
import { describe, expect, it } from 'vitest';
import { encodeWsFrame, parseWsRequest, parseWsServerFrame } from '../../src-preload/contract/ws-protocol';

describe('ws frames', () => {
  it('the host reads requests with and without a payload', () => {
    expect(parseWsRequest(encodeWsFrame({ id: 1, channel: 'chat:send', payload: { text: 'hi' } }))).toEqual({ id: 1, channel: 'chat:send', payload: { text: 'hi' } });
    expect(parseWsRequest(encodeWsFrame({ id: 2, channel: 'heartbeat:status', payload: undefined }))).toEqual({ id: 2, channel: 'heartbeat:status' });
  });

  it('the host refuses what is not a request', () => {
    for (const text of ['not json', '[]', 'null', '{"channel":"chat:send"}', '{"id":1.5,"channel":"x"}', '{"id":9007199254740993,"channel":"x"}', '{"id":1,"channel":7}']) {
      expect(parseWsRequest(text)).toBeUndefined();
    }
  });

  it('the page reads answers (an undefined value included) and pushes, and nothing else', () => {
    expect(parseWsServerFrame('{"id":3,"result":{"ok":true}}')).toEqual({ id: 3, result: { ok: true } });
    const failed = { id: 4, result: { ok: false as const, error: { code: 'not_found' as const, message: 'No such file.' } } };
    expect(parseWsServerFrame(encodeWsFrame(failed))).toEqual(failed);
    expect(parseWsServerFrame(encodeWsFrame({ event: 'core:event', payload: { type: 'config.changed' } }))).toEqual({ event: 'core:event', payload: { type: 'config.changed' } });
    for (const text of ['{"id":5}', '{"id":5,"result":{"ok":false}}', '{"payload":1}', '{', '"text"']) expect(parseWsServerFrame(text)).toBeUndefined();
  });
});
