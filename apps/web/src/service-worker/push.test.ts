import { describe, expect, it } from 'vitest';
import { notificationOf, readPushPayload, soarWindow, targetUrl } from './push.ts';

const origin = 'https://soar.example';

describe('a Web Push message (docs/web.md, "Push notifications")', () => {
  it('reads title, body, url and tag, and ignores fields it does not know', () => {
    const text = JSON.stringify({
      title: 'AAPL above 200',
      body: 'Apple trades at 200.15 USD',
      url: '/#/pages/quote/stock?symbol=AAPL',
      tag: 'alert-17',
      extra: true,
    });
    expect(readPushPayload(text)).toEqual({
      title: 'AAPL above 200',
      body: 'Apple trades at 200.15 USD',
      url: '/#/pages/quote/stock?symbol=AAPL',
      tag: 'alert-17',
    });
    expect(readPushPayload(JSON.stringify({ title: 'Deposit credited', body: '100.00 USD' }))).toEqual({
      title: 'Deposit credited',
      body: '100.00 USD',
    });
  });

  it('refuses a message without a text title and body, or that is not JSON', () => {
    expect(readPushPayload(null)).toBeNull();
    expect(readPushPayload('')).toBeNull();
    expect(readPushPayload('not json')).toBeNull();
    expect(readPushPayload('"a string"')).toBeNull();
    expect(readPushPayload('null')).toBeNull();
    expect(readPushPayload(JSON.stringify({ title: 'only a title' }))).toBeNull();
    expect(readPushPayload(JSON.stringify({ title: 1, body: 'x' }))).toBeNull();
    expect(readPushPayload(JSON.stringify({ title: 't', body: 'b', url: 7, tag: {} }))).toEqual({
      title: 't',
      body: 'b',
    });
  });

  it('shows the notification with its body, tag, icons and the address to open', () => {
    expect(notificationOf({ title: 't', body: 'b', url: '/#/pages/main/trade/index', tag: 'order-5' })).toEqual({
      title: 't',
      options: {
        body: 'b',
        tag: 'order-5',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/#/pages/main/trade/index' },
      },
    });
    expect(notificationOf({ title: 't', body: 'b' }).options).toEqual({
      body: 'b',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: undefined },
    });
  });
});

describe('a tap on the notification', () => {
  it("opens the payload's hash route on Soar's origin, else the home page", () => {
    expect(targetUrl({ url: '/#/pages/quote/stock?symbol=AAPL' }, origin)).toBe(
      'https://soar.example/#/pages/quote/stock?symbol=AAPL',
    );
    expect(targetUrl({ url: '#/pages/main/trade/index' }, origin)).toBe(
      'https://soar.example/#/pages/main/trade/index',
    );
    expect(targetUrl({}, origin)).toBe('https://soar.example/');
    expect(targetUrl(undefined, origin)).toBe('https://soar.example/');
    expect(targetUrl({ url: 42 }, origin)).toBe('https://soar.example/');
  });

  it('never follows an address on another origin', () => {
    expect(targetUrl({ url: 'https://evil.example/#/x' }, origin)).toBe('https://soar.example/');
    expect(targetUrl({ url: '//evil.example/' }, origin)).toBe('https://soar.example/');
    expect(targetUrl({ url: 'javascript:alert(1)' }, origin)).toBe('https://soar.example/');
  });

  it('picks an open Soar window, the focused one first, never the back office or another site', () => {
    const home = { url: 'https://soar.example/#/', focused: false };
    const trade = { url: 'https://soar.example/#/pages/main/trade/index', focused: true };
    const admin = { url: 'https://soar.example/admin/deposits', focused: true };
    const other = { url: 'https://other.example/', focused: true };
    expect(soarWindow([home, trade, admin], origin)).toBe(trade);
    expect(soarWindow([admin, home], origin)).toBe(home);
    expect(soarWindow([admin, other], origin)).toBeUndefined();
    expect(soarWindow([], origin)).toBeUndefined();
  });
});
