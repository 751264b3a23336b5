import { deviceOf } from '@soar/contract';
import { describe, expect, it } from 'vitest';

describe('deviceOf', () => {
  it('names the browser and the system, else shows the start of the raw text', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Safari/604.1')).toBe(
      'Safari · iOS',
    );
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(
      'Edge · Windows',
    );
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceOf('')).toBe('--');
  });
});
