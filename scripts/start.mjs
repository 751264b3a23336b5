// npm start: build the web app and the back office when a build is missing or older than its
// sources, then serve both (the web app at /, the back office at /admin/).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['packages/i18n/src', 'packages/contract/src', 'packages/client/src'];
const apps = [
  {
    name: 'the web app',
    workspace: '@soar/web',
    builtIndex: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/offline.html', ...shared],
  },
  {
    name: 'the back office',
    workspace: '@soar/admin',
    builtIndex: 'apps/admin/dist/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', ...shared],
  },
];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), 0);
}

function buildIsCurrent(app) {
  const builtIndex = path.join(root, app.builtIndex);
  if (!existsSync(builtIndex)) return false;
  const built = statSync(builtIndex).mtimeMs;
  return app.sources.every(
    (source) => !existsSync(path.join(root, source)) || newestChange(path.join(root, source)) <= built,
  );
}

for (const app of apps) {
  if (buildIsCurrent(app)) continue;
  console.log(`Building ${app.name}...`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', app.workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
