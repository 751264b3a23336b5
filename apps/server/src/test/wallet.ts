import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { depositStatuses } from '@soar/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { setPayPassword } from '../core/pay-password.ts';
import { walletAddresses } from '../db/schema/index.ts';
import { verifyLedger } from '../modules/ledger/index.ts';
import { createMember, createOperator } from './fixtures.ts';
import { api } from './http.ts';

export type Headers = Record<string, string>;

/** A fresh DATA_DIR for a test file's uploads. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'soar-wallet-'));
}

/** A multipart body with one file field, as a browser sends it. */
export function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----soar${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function pngBytes(width = 4, height = 4): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

export async function upload(app: FastifyInstance, headers: Headers, filename = 'proof.png', bytes?: Buffer) {
  const body = multipart(filename, 'image/png', bytes ?? (await pngBytes()));
  return app.inject({
    method: 'POST',
    url: '/api/v1/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export const payPassword = '246810';

/**
 * A wallet the member bound long before the test (two days ago), so no withdrawal hold runs:
 * binding one through `wallet/address/add` starts a hold (docs/ledger.md, Withdrawal holds,
 * tested in `modules/wallet/holds.test.ts`).
 */
export async function boundWallet(
  app: FastifyInstance,
  userId: number,
  wallet: { name?: string; currency?: string; network?: 'ERC20' | 'TRC20'; address?: string; boundAt?: Date } = {},
): Promise<number> {
  const [row] = await app.db
    .insert(walletAddresses)
    .values({
      userId,
      name: wallet.name ?? 'Main',
      currency: wallet.currency ?? 'USDT',
      network: wallet.network ?? 'TRC20',
      address: wallet.address ?? 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD',
      createdAt: wallet.boundAt ?? new Date(Date.now() - 2 * 24 * 3_600_000),
    })
    .returning({ id: walletAddresses.id });
  if (!row) throw new Error('no wallet bound');
  return row.id;
}

/** A member with a pay password and a TRC-20 wallet bound before the test (no hold runs). */
export async function walletMember(app: FastifyInstance) {
  const member = await createMember(app);
  await setPayPassword(app.db, member.user.id, payPassword);
  return { ...member, walletId: await boundWallet(app, member.user.id) };
}

/** Credits a member through a crypto deposit that an operator passes (the real path). */
export async function fund(
  app: FastifyInstance,
  member: { headers: Headers },
  operator: { headers: Headers },
  amount: string,
  currency = 'USDT',
) {
  let applied: Awaited<ReturnType<ReturnType<typeof api>['post']>>;
  if (currency === 'USDT') {
    applied = await api(app).post(
      'deposit/apply',
      {
        type: 'crypto',
        currency,
        network: 'TRC20',
        amount,
        txHash: `0x${'ab'.repeat(32)}`,
      },
      { headers: member.headers },
    );
  } else {
    const proof = (await upload(app, member.headers)).json().data.id;
    applied = await api(app).post(
      'deposit/apply',
      {
        type: 'bank',
        currency,
        amount,
        proof,
        bankName: 'Bank',
        bankBranch: 'Branch',
        account: '123',
        bankCode: 'BANKCODE',
      },
      { headers: member.headers },
    );
  }
  expect(applied.statusCode, applied.body).toBe(200);
  const reviewed = await api(app).post(
    'admin/deposit/review',
    {
      id: applied.json().data.id,
      status: depositStatuses.pass,
    },
    { headers: operator.headers },
  );
  expect(reviewed.statusCode, reviewed.body).toBe(200);
}

export async function balanceOf(app: FastifyInstance, headers: Headers, currency: string) {
  const response = await api(app).get('wallet/balance', { headers: headers });
  const item = response.json().data.list.find((entry: { currency: string }) => entry.currency === currency);
  return { available: item?.available as string, frozen: item?.frozen as string };
}

/** Every scenario ends here: the journal explains every balance and every entry balances. */
export async function expectLedgerVerified(app: FastifyInstance) {
  const report = await verifyLedger(app.db);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

export { createMember, createOperator };
