import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { codeFor, mailCount, ownAddress, uniqueMail } from '../mail.ts';

type Envelope<T> = { data: T };
export type Operator = {
  token: string;
  info: { id: number; username: string; role: string; totpEnabled: boolean; totpRequired: boolean };
};

/** The seeded demo operators of development (README). */
export const operators = {
  admin: { username: 'admin', password: 'admin1234' },
  finance: { username: 'finance', password: 'finance1234' },
  trading: { username: 'trading', password: 'trading1234' },
} as const;

const sessions = new Map<string, Operator>();

/**
 * One API login per operator and worker: logins are rate-limited per address (20 a minute), and
 * every spec of the run shares 127.0.0.1.
 */
export async function operatorSession(api: APIRequestContext, who: keyof typeof operators): Promise<Operator> {
  const cached = sessions.get(who);
  if (cached) return cached;
  const response = await api.post('/api/v1/admin/login', { data: operators[who] });
  expect(response.status(), await response.text()).toBe(200);
  const {
    token,
    expiresAt: _expires,
    ...info
  } = ((await response.json()) as Envelope<Operator['info'] & { token: string; expiresAt: string }>).data;
  const session = { token, info };
  sessions.set(who, session);
  return session;
}

/** Opens a back office page signed in as `operator`, in `language`. */
export async function openAs(page: Page, operator: Operator, path: string, language: 'en' | 'zh-CN' = 'en') {
  await page.addInitScript(
    ([session, lang]) => {
      localStorage.setItem('soar-admin-session', session);
      localStorage.setItem('soar-admin-language', JSON.stringify({ state: { language: lang }, version: 0 }));
    },
    [JSON.stringify({ state: { token: operator.token, operator: operator.info }, version: 0 }), language] as const,
  );
  await page.goto(`/admin${path}`);
}

export async function call<T>(
  api: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  token: string,
  data?: unknown,
) {
  const response = await api[method](`/api/v1/${url}`, {
    headers: { authorization: `Bearer ${token}`, ...ownAddress() },
    data,
  });
  expect(response.status(), `${url} ${await response.text()}`).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

export type Member = { token: string; mail: string; uid: string; id: number };

/** A new member, registered with a code read from the captured mail. */
export async function registerMember(api: APIRequestContext): Promise<Member> {
  const mail = uniqueMail();
  const before = mailCount(mail);
  const sent = await api.post('/api/v1/member/code/send', {
    headers: ownAddress(),
    data: { type: 'email', mail, scene: 'register' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await codeFor(mail, before);
  const password = 'member1234';
  const registered = await api.post('/api/v1/member/register', {
    data: { type: 'email', mail, code, password, confirmPassword: password, agree: true },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token, uid } = ((await registered.json()) as Envelope<{ token: string; uid: string }>).data;
  const admin = await operatorSession(api, 'admin');
  const found = await call<{ list: { id: number }[] }>(api, 'get', `admin/user/list?q=${uid}`, admin.token);
  return { token, mail, uid, id: found.list[0]?.id ?? 0 };
}

/** An 8x8 PNG, which the server decodes and re-encodes like any proof. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwi/mPFTEMLQkAjeBoQRFz4CIAAAAASUVORK5CYII=',
  'base64',
);

/** A bank deposit with a proof image, waiting for review. */
export async function bankDeposit(api: APIRequestContext, member: Member, amount: string) {
  const uploaded = await api.post('/api/v1/upload', {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const proof = ((await uploaded.json()) as Envelope<{ id: string }>).data.id;
  return call<{ id: number }>(api, 'post', 'deposit/apply', member.token, {
    type: 'bank',
    currency: 'USD',
    amount,
    proof,
    bankName: 'E2E Bank',
    bankBranch: 'Main',
    account: '12345678',
    bankCode: 'E2EBANK1',
  });
}

export async function available(api: APIRequestContext, member: Member, currency: string) {
  const balances = await call<{ list: { currency: string; available: string; frozen: string }[] }>(
    api,
    'get',
    'wallet/balance',
    member.token,
  );
  const row = balances.list.find((item) => item.currency === currency);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

/** Confirms antd's confirmation dialog. */
export async function confirmDialog(page: Page, title: RegExp | string) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  // A click while the dialog still zooms in can be lost: wait until its opening animation ends.
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  await dialog.locator('.ant-btn-primary').click();
  await expect(dialog).toBeHidden();
}

/** A member with 500 USDT (a deposit passed by admin), a pay password and a bound TRC-20 wallet. */
export async function fundedWithdrawer(api: APIRequestContext) {
  const member = await registerMember(api);
  const admin = await operatorSession(api, 'admin');
  const deposit = await call<{ id: number }>(api, 'post', 'deposit/apply', member.token, {
    type: 'crypto',
    currency: 'USDT',
    network: 'TRC20',
    amount: '500',
    txHash: `0x${'e2'.repeat(32)}`,
  });
  await call(api, 'post', 'admin/deposit/review', admin.token, { id: deposit.id, status: 1 });
  const before = mailCount(member.mail);
  await call(api, 'post', 'member/code/send', member.token, { type: 'email', mail: member.mail, scene: 'paypwd' });
  const code = await codeFor(member.mail, before);
  await call(api, 'post', 'member/paypwd/set', member.token, { password: '2468', confirmPassword: '2468', code });
  const wallet = await call<{ id: number }>(api, 'post', 'wallet/address/add', member.token, {
    name: 'Main',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD',
    payPassword: '2468',
  });
  return { member, walletId: wallet.id };
}
