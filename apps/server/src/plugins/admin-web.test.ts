import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'soar-web-'));
const adminDist = mkdtempSync(path.join(tmpdir(), 'soar-admin-'));

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Soar</title>');
  mkdirSync(path.join(adminDist, 'assets'));
  writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>Soar back office</title>');
  writeFileSync(path.join(adminDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDist, adminDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(adminDist, { recursive: true, force: true });
});

describe('the back office at /admin/', () => {
  it('serves its index.html, revalidated every time, and its hashed assets for a year', async () => {
    const index = await t.app.inject({ url: '/admin/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Soar back office</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/admin/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers its own paths with index.html (the app routes them), /admin with a redirect', async () => {
    const deep = await t.app.inject({ url: '/admin/deposits?status=0&open=3' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('Soar back office');
    const bare = await t.app.inject({ url: '/admin' });
    expect([bare.statusCode, bare.headers.location]).toEqual([302, '/admin/']);
  });

  it('answers a missing asset with 404, not with the page, and leaves / to the web app', async () => {
    expect((await t.app.inject({ url: '/admin/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/' })).body).toContain('<title>Soar</title>');
    expect((await t.app.inject({ url: '/api/v1/admin/nothing' })).json().code).toBe('ROUTE_NOT_FOUND');
  });
});
