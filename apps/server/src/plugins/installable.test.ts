import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'soar-installable-'));

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  mkdirSync(path.join(webDist, 'icons'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Soar</title>');
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Soar', start_url: '/' }));
  writeFileSync(path.join(webDist, 'offline.html'), '<!doctype html><title>Soar</title><h1>offline</h1>');
  writeFileSync(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(webDist, 'assets', 'offline-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the installable app (docs/web.md)', () => {
  it('serves the service worker as JavaScript, revalidated on every visit so a new release is found', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('self.addEventListener("fetch", () => {});');
  });

  it('serves the manifest with its media type, revalidated on every visit', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'Soar', start_url: '/' });
  });

  it('serves the offline page and the icons revalidated, the hashed scripts for a year', async () => {
    const offline = await t.app.inject({ url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(offline.headers['cache-control']).toBe('no-cache');
    const icon = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const script = await t.app.inject({ url: '/assets/offline-abc123.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets the page register its own worker and read its own manifest, and nothing from elsewhere', async () => {
    const policy = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy.split('; ').map((directive) => {
        const [name, ...sources] = directive.split(' ');
        return [name, sources.join(' ')];
      }),
    );
    expect(directives['worker-src']).toBe("'self'");
    expect(directives['manifest-src']).toBe("'self'");
    expect(directives['connect-src']).toBe("'self'");
    // The worker's own script answers under the same policy.
    expect((await t.app.inject({ url: '/sw.js' })).headers['content-security-policy']).toBe(policy);
  });
});
