import { describe, expect, it } from 'vitest';
import { realtimeUrl } from './index.ts';

const at = (href: string) => new URL(href) as unknown as Location;

describe('the realtime address', () => {
  it('follows the page: ws on http, wss on https, under /api/v1/ws', () => {
    expect(realtimeUrl('', at('http://127.0.0.1:3100/#/pages/main/profile/index'))).toBe(
      'ws://127.0.0.1:3100/api/v1/ws',
    );
    expect(realtimeUrl('', at('https://soar.example/'))).toBe('wss://soar.example/api/v1/ws');
  });

  it('follows a configured API base URL', () => {
    expect(realtimeUrl('https://api.soar.example', at('http://localhost:5173/'))).toBe(
      'wss://api.soar.example/api/v1/ws',
    );
  });
});
