import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { mailDirEnv } from '../smtp.ts';

function mailDir(): string {
  const dir = process.env[mailDirEnv];
  if (!dir) throw new Error(`${mailDirEnv} is not set: global-setup.ts starts the SMTP server`);
  return dir;
}

/** The captured messages to `address`, oldest first. */
function messagesTo(address: string): string[] {
  const suffix = `-${address.replace(/[^\w.@-]/g, '_')}.eml`;
  return readdirSync(mailDir())
    .filter((name) => name.endsWith(suffix))
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((name) => readFileSync(path.join(mailDir(), name), 'utf8'));
}

export const mailCount = (address: string) => messagesTo(address).length;

/** Quoted-printable bodies, as nodemailer writes them. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for message number `after + 1` to `address`: its raw headers and its decoded text. */
export async function mailFor(address: string, after: number): Promise<{ headers: string; text: string }> {
  await expect
    .poll(() => mailCount(address), { message: `a mail to ${address}`, timeout: 20_000 })
    .toBeGreaterThan(after);
  const raw = messagesTo(address).at(-1) ?? '';
  const split = raw.search(/\r?\n\r?\n/);
  return { headers: raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' '), text: decode(raw.slice(split)) };
}

/** Waits for message number `after + 1` to `address` and reads the code in its English text. */
export async function codeFor(address: string, after: number): Promise<string> {
  await expect.poll(() => mailCount(address), { message: `a code mailed to ${address}` }).toBeGreaterThan(after);
  const text = decode(messagesTo(address).at(-1) ?? '');
  const code = text.match(/verification code is (\d{6})\./)?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}`);
  return code;
}

export const uniqueMail = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/**
 * A client address of its own for one API call (the e2e server trusts `X-Forwarded-For`): the
 * suite registers more members than one address may ask codes for in a minute.
 */
export const ownAddress = () => {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return { 'x-forwarded-for': `10.${part()}.${part()}.${part()}` };
};
