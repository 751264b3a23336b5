import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, host: '0.0.0.0', logLevel: 'info' });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['REDIS_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['MARKET_ENGINE', 'maybe'],
    ['SIMULATOR_SEED', '-1'],
    ['MARKETS_ALWAYS_OPEN', 'sometimes'],
  ])('names the bad variable %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}="${value}"`));
  });

  it('keeps markets always open in development only, unless told', () => {
    expect(loadConfig({}).marketsAlwaysOpen).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).marketsAlwaysOpen).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', MARKETS_ALWAYS_OPEN: 'true' }).marketsAlwaysOpen).toBe(true);
    expect(loadConfig({ MARKETS_ALWAYS_OPEN: '0' }).marketsAlwaysOpen).toBe(false);
    expect(loadConfig({ SIMULATOR_SEED: '7', MARKET_ENGINE: 'off' })).toMatchObject({
      simulatorSeed: 7,
      marketEngine: 'off',
    });
  });

  it('requires ADMIN_PASSWORD in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD is required/);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'long-enough' }).env).toBe('production');
  });

  it('asks every operator for a second factor in production only; ADMIN_DIST moves the back office', () => {
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'long-enough' }).requireOperatorTotp).toBe(true);
    expect(loadConfig({}).requireOperatorTotp).toBe(false);
    expect(loadConfig({}).adminDist).toMatch(/apps\/admin\/dist$/);
    expect(loadConfig({ ADMIN_DIST: '/srv/admin' }).adminDist).toBe('/srv/admin');
  });
});
