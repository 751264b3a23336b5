import type { APIRequestContext, Page } from '@playwright/test';
import { call, type Envelope, operatorSession } from './api.ts';
import { codeFor, mailCount, ownAddress, uniqueMail } from './mail.ts';

/**
 * Members made through the API for the browser tests: each spec registers its own, so the demo
 * member's balances stay as the other specs expect.
 */
export type Member = { token: string; mail: string; uid: string; id: number };

export const memberPassword = 'member1234';
export const payPassword = '1357';

/** A new member, registered with a code read from the captured mail. */
export async function registerMember(api: APIRequestContext): Promise<Member> {
  const mail = uniqueMail();
  const before = mailCount(mail);
  await call(api, 'post', 'member/code/send', '', { type: 'email', mail, scene: 'register' });
  const code = await codeFor(mail, before);
  const { token, uid } = await call<{ token: string; uid: string }>(api, 'post', 'member/register', '', {
    type: 'email',
    mail,
    code,
    password: memberPassword,
    confirmPassword: memberPassword,
    agree: true,
  });
  const admin = await operatorSession(api, 'admin');
  const found = await call<{ list: { id: number }[] }>(api, 'get', `admin/user/list?q=${uid}`, admin.token);
  return { token, mail, uid, id: found.list[0]?.id ?? 0 };
}

/** Sets the member's pay password with a code read from the captured mail. */
export async function setPayPassword(api: APIRequestContext, member: Member, password = payPassword) {
  const before = mailCount(member.mail);
  await call(api, 'post', 'member/code/send', member.token, { type: 'email', mail: member.mail, scene: 'paypwd' });
  const code = await codeFor(member.mail, before);
  await call(api, 'post', 'member/paypwd/set', member.token, { password, confirmPassword: password, code });
}

/** A USDT (TRC-20) deposit of `amount`, passed by the admin operator. */
export async function depositUsdt(api: APIRequestContext, member: Member, amount: string) {
  const admin = await operatorSession(api, 'admin');
  const deposit = await call<{ id: number }>(api, 'post', 'deposit/apply', member.token, {
    type: 'crypto',
    currency: 'USDT',
    network: 'TRC20',
    amount,
    txHash: `0x${'ef'.repeat(32)}`,
  });
  await call(api, 'post', 'admin/deposit/review', admin.token, { id: deposit.id, status: 1 });
}

/** A new member with a pay password (`payPassword`) and `usdt` USDT deposited and passed. */
export async function investor(api: APIRequestContext, usdt = '5000'): Promise<Member> {
  const member = await registerMember(api);
  await setPayPassword(api, member);
  await depositUsdt(api, member, usdt);
  return member;
}

/** The member's available and frozen amounts of `currency`, as the wallet answers them. */
export async function balance(api: APIRequestContext, token: string, currency: string) {
  const balances = await call<{ list: { currency: string; available: string; frozen: string }[] }>(
    api,
    'get',
    'wallet/balance',
    token,
  );
  const row = balances.list.find((item) => item.currency === currency);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

/** A session token of a member who exists already (the demo member). */
export async function login(api: APIRequestContext, mail: string, password: string) {
  const response = await api.post('/api/v1/member/login', { headers: ownAddress(), data: { mail, password } });
  if (!response.ok()) throw new Error(`login ${mail}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<{ token: string }>).data.token;
}

/** Opens a member page signed in as the session store persists it; start-up then loads the profile. */
export async function openSignedIn(page: Page, token: string, path: string, language = 'en') {
  await page.addInitScript(
    ([session, lang]) => {
      localStorage.setItem('soar-session', session);
      localStorage.setItem('soar-language', JSON.stringify({ state: { language: lang }, version: 0 }));
    },
    [JSON.stringify({ state: { token, userInfo: {}, isLogined: true }, version: 0 }), language] as const,
  );
  await page.goto(`/#${path}`);
}

/** An 8x8 PNG, which the server decodes and re-encodes like any proof or document photo. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwi/mPFTEMLQkAjeBoQRFz4CIAAAAASUVORK5CYII=',
  'base64',
);

/** A bank deposit with a proof image, waiting for review. */
export async function bankDeposit(api: APIRequestContext, member: Member, amount: string, currency = 'USD') {
  const uploaded = await api.post('/api/v1/upload', {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: png } },
  });
  if (!uploaded.ok()) throw new Error(`upload: ${uploaded.status()} ${await uploaded.text()}`);
  const proof = ((await uploaded.json()) as Envelope<{ id: string }>).data.id;
  return call<{ id: number }>(api, 'post', 'deposit/apply', member.token, {
    type: 'bank',
    currency,
    amount,
    proof,
    bankName: 'E2E Bank',
    bankBranch: 'Main',
    account: '12345678',
    bankCode: 'E2EBANK1',
  });
}

/** A member with 500 USDT (a deposit passed by admin), a pay password and a bound TRC-20 wallet. */
export async function fundedWithdrawer(api: APIRequestContext) {
  const member = await registerMember(api);
  await depositUsdt(api, member, '500');
  await setPayPassword(api, member, '2468');
  const wallet = await call<{ id: number }>(api, 'post', 'wallet/address/add', member.token, {
    name: 'Main',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD',
    payPassword: '2468',
  });
  return { member, walletId: wallet.id };
}
