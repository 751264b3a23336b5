import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppOptions } from '../../app.ts';
import type { ChainConfig } from '../../config.ts';
import { createTestApp } from '../helper.ts';
import { api } from '../http.ts';
import { testAccountXpub } from './evm.ts';

export const erc20Xpub = testAccountXpub("m/44'/60'/0'");
export const trc20Xpub = testAccountXpub("m/44'/195'/0'");

/** A test app on its own database with the crypto rails configured as given. */
export function chainTestApp(chain: Partial<ChainConfig>, options: Omit<AppOptions, 'database'> = {}) {
  return createTestApp(
    {
      chain: {
        networks: { ERC20: {}, TRC20: {} },
        confirmations: 3,
        minimumDeposit: '1',
        ...chain,
      },
    },
    options,
  );
}

/** The member's address on a network, through `GET deposit/address`. */
export async function depositAddress(app: FastifyInstance, headers: Record<string, string>, network: string) {
  const response = await api(app).get(`deposit/address?network=${network}`, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    address: string | null;
    contract: string | null;
    confirmations: number;
    minimum: string;
    incoming: { id: number; chainState: string; confirmations: number; status: number; amount: string }[];
  };
}

/** The member's deposit records, newest first. */
export async function depositRecords(app: FastifyInstance, headers: Record<string, string>) {
  const response = await api(app).get('deposit/record/list', { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.list as {
    id: number;
    status: number;
    amount: string;
    auditAmount: string | null;
    creditCurrency: string;
    convertedAmount: string;
    source: string;
    txHash: string | null;
    chainState: string | null;
    confirmations: number | null;
    confirmationsNeeded: number | null;
  }[];
}
