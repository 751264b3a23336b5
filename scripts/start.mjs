// npm start: build the server, the web app and the back office when a build is missing or older
// than its sources, then run the built server (JavaScript with source maps, docs/operations.md),
// which serves the web app at / and the back office at /admin/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['packages/i18n/src', 'packages/contract/src', 'packages/client/src'];
const apps = [
  {
    name: 'the server',
    workspace: '@soar/server',
    built: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/i18n/src', 'packages/contract/src'],
  },
  {
    name: 'the web app',
    workspace: '@soar/web',
    built: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/offline.html', ...shared],
  },
  {
    name: 'the back office',
    workspace: '@soar/admin',
    built: 'apps/admin/dist/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', ...shared],
  },
];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), 0);
}

function buildIsCurrent(app) {
  const builtFile = path.join(root, app.built);
  if (!existsSync(builtFile)) return false;
  const built = statSync(builtFile).mtimeMs;
  return app.sources.every(
    (source) => !existsSync(path.join(root, source)) || newestChange(path.join(root, source)) <= built,
  );
}

for (const app of apps) {
  if (buildIsCurrent(app)) continue;
  console.log(`Building ${app.name}...`);
  // Always a production build: the server's NODE_ENV (development in the browser tests) would make
  // Vite bundle React's development build, a slower app with StrictMode's doubled effects.
  const build = spawnSync('npm', ['run', 'build', '--workspace', app.workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Source maps point stack traces at the TypeScript sources.
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
