import { describe, expect, it } from 'vitest';
import { RealtimeClient, type SocketLike } from './socket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup(token: string | null = null) {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const client = new RealtimeClient({
    url: () => 'ws://test/api/v1/ws',
    token: () => token,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    backoffMs: () => 10,
    setTimer: (callback) => timers.push(callback),
  });
  return { client, sockets, timers };
}

describe('the realtime client', () => {
  it('opens one socket for many topics, in a task after the first subscription, and subscribes on open, with the token first', () => {
    const { client, sockets, timers } = setup('secret');
    client.subscribe('quote:AAPL', () => {});
    client.subscribe('quote:MSFT', () => {});
    expect(sockets).toHaveLength(0);
    expect(timers).toHaveLength(1);
    timers.shift()?.();
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { op: 'auth', token: 'secret' },
      { op: 'sub', topics: ['quote:AAPL', 'quote:MSFT'] },
    ]);
  });

  it('delivers messages to the listeners of their topic only', () => {
    const { client, sockets, timers } = setup();
    const aapl: unknown[] = [];
    const msft: unknown[] = [];
    client.subscribe('quote:AAPL', (data) => aapl.push(data));
    client.subscribe('quote:MSFT', (data) => msft.push(data));
    timers.shift()?.();
    sockets[0]?.open();
    sockets[0]?.receive({ topic: 'quote:AAPL', data: { price: '1' } });
    expect(aapl).toEqual([{ price: '1' }]);
    expect(msft).toEqual([]);
  });

  it('unsubscribes when the last listener of a topic leaves', () => {
    const { client, sockets, timers } = setup();
    const stopA = client.subscribe('quote:AAPL', () => {});
    const stopB = client.subscribe('quote:AAPL', () => {});
    timers.shift()?.();
    sockets[0]?.open();
    stopA();
    expect(sockets[0]?.sent).toEqual([{ op: 'sub', topics: ['quote:AAPL'] }]);
    stopB();
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'unsub', topics: ['quote:AAPL'] });
    expect(client.topics).toEqual([]);
  });

  it('reconnects after a drop and subscribes again to what is still wanted', () => {
    const { client, sockets, timers } = setup();
    client.subscribe('quote:AAPL', () => {});
    const stop = client.subscribe('kline:AAPL:1m', () => {});
    timers.shift()?.();
    sockets[0]?.open();
    stop();
    sockets[0]?.close();
    expect(sockets).toHaveLength(1);
    timers.shift()?.();
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([{ op: 'sub', topics: ['quote:AAPL'] }]);
  });
});
