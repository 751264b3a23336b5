import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startEvmNode } from '../apps/server/src/test/chain/evm.ts';
import { chainPort, deployerKey, tokenAddress } from './chain.ts';
import { mailDirEnv, smtpPort } from './smtp.ts';

/**
 * A capturing SMTP server for the e2e server's SMTP_URL (playwright.config.ts): every message is
 * written to a temp dir, one file per recipient and message, where the tests read their codes.
 * No mail leaves the machine. And the EVM node with the test USDT the server watches (chain.ts).
 */
export default async function globalSetup() {
  const chain = await startEvmNode({ port: chainPort, deployerKey });
  if (chain.tokenAddress !== tokenAddress) throw new Error(`test USDT at ${chain.tokenAddress}, not ${tokenAddress}`);

  const dir = mkdtempSync(path.join(tmpdir(), 'soar-e2e-mail-'));
  mkdirSync(dir, { recursive: true });
  process.env[mailDirEnv] = dir;
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        count += 1;
        for (const recipient of session.envelope.rcptTo) {
          const name = `${Date.now()}-${count}-${recipient.address.replace(/[^\w.@-]/g, '_')}.eml`;
          writeFileSync(path.join(dir, name), raw);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await chain.close();
  };
}
