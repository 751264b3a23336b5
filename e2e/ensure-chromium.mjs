// Browser tests drive Debian's Chromium; a browser download is not possible on these machines.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const command = 'apt-get update && apt-get install -y chromium';
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install it with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`Chromium is missing at ${chromium}; installing Debian's package`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
