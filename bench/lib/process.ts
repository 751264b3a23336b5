import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

export type Started = { url: string; child: ChildProcess; stop(): Promise<void> };

/** A started process's resident memory in MiB. */
export function rssMb(started: Started): number {
  const status = readFileSync(`/proc/${started.child.pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

/** The soft open-file limit this process (and so the server and workers it starts) runs under. */
export function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\S+)/);
  return line?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[1] ?? 1024);
}

/** The server's build as `npm start` runs it (scripts/start.mjs, docs/operations.md). */
export const soarCommand = ['--enable-source-maps', path.join(repositoryRoot, 'apps/server/dist/main.js')];

let serverBuilt = false;

/** Soar as production runs it: the server's build (built once per bench run). */
export async function startSoar(env: Record<string, string> = {}): Promise<Started> {
  if (!serverBuilt) {
    const result = spawnSync('npm', ['run', 'build', '--workspace', '@soar/server'], {
      cwd: repositoryRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('the server did not build');
    serverBuilt = true;
  }
  return startBuilt(soarCommand, env);
}

/** npm packages stay imports, as in the server's build; the workspace packages are TypeScript and are bundled. */
const npmPackagesOutside: Plugin = {
  name: 'npm-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@soar/') ? undefined : { path: specifier, external: true },
    );
  },
};

/** A baseline server (TypeScript under bench/lib), built and started the way Soar is, so both run the same. */
export async function startBaseline(entry: string, env: Record<string, string> = {}): Promise<Started> {
  const outfile = path.join(repositoryRoot, 'bench/dist', path.basename(entry).replace(/\.ts$/, '.js'));
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [npmPackagesOutside],
    logLevel: 'warning',
  });
  return startBuilt(['--enable-source-maps', outfile], env);
}

/** Starts built JavaScript and waits for the URL it prints ("... on http://host:port"). */
async function startBuilt(command: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, command, {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'soar-bench-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/on (http:\/\/[\w.:-]+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`${command.at(-1)} exited with ${code}:\n${output}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
