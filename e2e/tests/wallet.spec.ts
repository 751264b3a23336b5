import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';

// One worker, in order: the tests share the demo member's balances, and one login serves them all
// (the login limit is 20 a minute per IP).
test.describe.configure({ mode: 'default' });

const root = new URL('../../', import.meta.url);
const german = JSON.parse(readFileSync(new URL('packages/i18n/src/locales/wallet/de.json', root), 'utf8'));
const germanMember = JSON.parse(readFileSync(new URL('packages/i18n/src/locales/member/de.json', root), 'utf8'));

/** A 1x1 PNG, enough for the server to decode and re-encode as a deposit proof. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let api: APIRequestContext;
let token: string;

type Envelope<T> = { data: T };
async function call<T>(method: 'get' | 'post', url: string, bearer: string, data?: unknown): Promise<T> {
  const response = await api[method](`/api/v1/${url}`, { headers: { authorization: `Bearer ${bearer}` }, data });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  const login = await api.post('/api/v1/member/login', { data: { mail: 'demo@soar.local', password: 'demo1234' } });
  expect(login.status()).toBe(200);
  token = ((await login.json()) as Envelope<{ token: string }>).data.token;
});
test.afterAll(() => api.dispose());

/** Signs in as the session store persists it, in the chosen language. */
async function open(page: Page, path: string, language = 'en') {
  await page.addInitScript(
    ([session, lang]) => {
      localStorage.setItem('soar-session', session);
      localStorage.setItem('soar-language', JSON.stringify({ state: { language: lang }, version: 0 }));
    },
    [JSON.stringify({ state: { token, userInfo: {}, isLogined: true }, version: 0 }), language] as const,
  );
  await page.goto(`/#${path}`);
}

/** Money at its currency's decimals (the demo's USD, USDT and EUR have 2), as the app shows it everywhere. */
const money = (value: string, currency: string) =>
  `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))} ${currency}`;

async function available(currency: string) {
  const balances = await call<{ list: { currency: string; available: string }[] }>('get', 'wallet/balance', token);
  return balances.list.find((item) => item.currency === currency)?.available ?? '0';
}

test('a bank deposit with a proof upload, passed by the operator, shows in the balance and the journal', async ({
  page,
}) => {
  await open(page, '/pages/deposit/card');
  await expect(page.getByTestId('bank-channel').first()).toBeVisible();
  const form = page.getByTestId('bank-deposit-form');
  await form.getByText('USD', { exact: true }).click();
  await page.locator('#amount').fill('0.5');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('The amount must be a whole number of at least 1')).toBeVisible();
  await expect(form.getByText('Bank name is required')).toBeVisible();

  await page.locator('#amount').fill('137');
  await page.locator('#bankName').fill('Test Bank');
  await page.locator('#bankBranch').fill('Main Street');
  await page.locator('#account').fill('DE00123456');
  await page.locator('#bankCode').fill('TESTDEFF');
  await page.getByTestId('proof-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('proof-progress')).toContainText('Uploaded');
  const apply = page.waitForRequest((sent) => sent.url().endsWith('/api/v1/deposit/apply'));
  await form.getByRole('button', { name: 'Submit' }).click();
  expect((await apply).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(/deposit\/record/);
  const first = page.getByTestId('deposit-record').first();
  await expect(first.getByTestId('record-amount')).toHaveText('137.00 USD');
  await expect(first.getByTestId('record-status')).toHaveText('Pending');

  const before = await available('USD');
  const records = await call<{ list: { id: number; amount: string; status: number }[] }>(
    'get',
    'deposit/record/list',
    token,
  );
  const record = records.list[0];
  expect(record).toMatchObject({ amount: '137', status: 0 });
  const admin = await api.post('/api/v1/admin/login', { data: { username: 'admin', password: 'admin1234' } });
  expect(admin.status()).toBe(200);
  const adminToken = ((await admin.json()) as Envelope<{ token: string }>).data.token;
  await call('post', 'admin/deposit/review', adminToken, { id: record?.id, status: 1 });
  const after = await available('USD');
  expect(Number(after) - Number(before)).toBe(137);

  await page.goto('/#/pages/withdraw/crypto');
  await page.getByTestId('withdraw-form').getByText('USD', { exact: true }).click();
  await expect(page.getByTestId('withdraw-available')).toHaveText(`Available: ${money(after, 'USD')}`);

  await page.goto('/#/pages/profile/transcation');
  await expect(page.getByTestId('balance-USD')).toContainText(money(after, 'USD'));
  const line = page.getByTestId('transaction').first();
  await expect(line).toContainText('Deposit');
  await expect(line.getByTestId('transaction-amount')).toHaveText('+137.00 USD');
  await expect(line.getByTestId('transaction-balance')).toHaveText(`Balance ${money(after, 'USD')}`);

  await page.getByTestId('filter-currency').getByText('EUR', { exact: true }).click();
  await expect(page.getByTestId('transaction-amount').first()).toContainText('EUR');
  await expect(page.getByTestId('transaction-amount').filter({ hasText: 'USD' })).toHaveCount(0);
});

test('a withdrawal to a bound wallet shows its fee and is recorded as pending', async ({ page }) => {
  await open(page, '/pages/withdraw/crypto');
  const form = page.getByTestId('withdraw-form');
  await form.getByText('USD', { exact: true }).click();
  await page.locator('#amount').fill('5');
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await expect(form.getByText('The minimum withdrawal is 10.00 USD')).toBeVisible();
  await page.locator('#amount').fill('250');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('2.50 USD fee');
  // The bound wallets are USDT wallets: what arrives is in USDT, at the listed rate (docs/ledger.md).
  await expect(page.getByTestId('withdraw-received')).toHaveText('250.00 USDT');
  await expect(page.getByTestId('withdraw-rate')).toHaveText('1 USD = 1 USDT');
  await expect(page.getByText('within 24 hours on business days')).toBeVisible();
  await page
    .getByTestId('withdraw-wallets')
    .getByText(/Demo TRC-20/)
    .click();
  await page.locator('#payPassword').fill('2468');
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/history\/record\?tab=withdraw/);
  const first = page.getByTestId('withdraw-record').first();
  await expect(first.getByTestId('record-amount')).toHaveText('250.00 USD');
  await expect(first.getByTestId('record-arrival')).toHaveText('250.00 USDT');
  await expect(first.getByTestId('record-status')).toHaveText('Pending');
});

test('a wallet address is bound with the pay password and removed; bad addresses are refused in German', async ({
  page,
}) => {
  await open(page, '/pages/card/crypto', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Krypto-Wallets');
  const form = page.getByTestId('add-wallet-form');
  const refusal = (german.errors.ADDRESS_INVALID as string).replace('{{network}}', 'TRC20');
  await page.locator('#name').fill('Cold wallet');
  await page.locator('#address').fill('T123');
  await form.getByRole('button', { name: german.wallet.bind }).click();
  await expect(form.getByText(refusal)).toBeVisible();
  // Binding asks for the pay password: without it the form does not send.
  const payPasswordItem = form.locator('.adm-form-item', { has: page.locator('#payPassword') });
  await expect(payPasswordItem.locator('.adm-form-item-feedback-error')).toBeVisible();
  await page.locator('#payPassword').fill('2468');

  // The right shape with a broken checksum: the server's verdict, in German.
  await page.locator('#address').fill('TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN9');
  await form.getByRole('button', { name: german.wallet.bind }).click();
  await expect(form.getByText(refusal)).toBeVisible();
  await expect(page.locator('.toast', { hasText: refusal })).toBeVisible();

  // A wrong pay password: the server's refusal under the field, nothing bound.
  await page.locator('#address').fill('TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN8');
  await page.locator('#payPassword').fill('9999');
  await form.getByRole('button', { name: german.wallet.bind }).click();
  const wrong = (germanMember.errors.PAY_PASSWORD_WRONG as string).replace('{{remaining}}', '4');
  await expect(form.getByText(wrong)).toBeVisible();
  const bound = page.getByTestId('wallet-address').filter({ hasText: 'Cold wallet' });
  await expect(bound).toHaveCount(0);

  await page.locator('#payPassword').fill('2468');
  await form.getByRole('button', { name: german.wallet.bind }).click();
  await expect(bound).toContainText('TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN8');

  await bound.getByRole('button', { name: german.wallet.remove }).click();
  await page.locator('.modal-confirm').click();
  await expect(bound).toHaveCount(0);
});

test('a transfer shows its live quote, asks for confirmation and moves the money', async ({ page }) => {
  const before = await available('EUR');
  await open(page, '/pages/profile/transfer');
  await page.getByTestId('transfer-from').getByText('USD', { exact: true }).click();
  await page.getByTestId('transfer-to').getByText('EUR', { exact: true }).click();
  await page.locator('#amount').fill('100');
  const quote = await call<{ rate: string; received: string }>(
    'get',
    'transfer/quote?from=USD&to=EUR&amount=100',
    token,
  );
  await expect(page.getByTestId('transfer-received')).toHaveText(money(quote.received, 'EUR'));
  await expect(page.getByTestId('transfer-rate')).toContainText('1 USD =');
  await page.locator('#payPassword').fill('2468');
  await page.getByTestId('transfer-form').getByRole('button', { name: 'Convert' }).click();
  await expect(page.locator('.modal')).toContainText(`receive ${money(quote.received, 'EUR')}`);
  await page.locator('.modal-confirm').click();
  await expect(page.locator('.toast', { hasText: 'Transfer completed' })).toBeVisible();
  expect(Number(await available('EUR'))).toBeCloseTo(Number(before) + Number(quote.received), 6);
});

test('the crypto deposit page shows the QR code, the network warning and switches networks', async ({ page }) => {
  // ERC-20 has its account key here (playwright.config.ts): the member's own address, nothing to fill in.
  await open(page, '/pages/deposit/wallet?network=ERC20');
  await expect(page.getByTestId('own-address')).toBeVisible();
  await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await expect(page.getByTestId('network-warning')).toContainText('Only send USDT on the ERC-20 network');
  await expect(page.getByTestId('crypto-deposit-form')).toHaveCount(0);
  // TRC-20 has none: the platform's channel address and the form of today.
  await page.getByRole('tab', { name: /TRC-20/ }).click();
  await expect(page).toHaveURL(/network=TRC20/);
  await expect(page.getByTestId('deposit-address')).toHaveText('TSF8Uo1wsHCJbvnEmUGd4pwhC8kT4AbQN8');
  await expect(page.getByTestId('network-warning')).toContainText('Only send USDT on the TRC-20 network');
  await page.locator('#amount').fill('50');
  await page.getByTestId('crypto-deposit-form').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please upload the deposit proof or enter the transaction hash')).toBeVisible();

  // The first attempt is lost on the network; the retry of the same submission reuses its key.
  await page.locator('#txHash').fill('0x5f2c9a7e0b41d3c86e19a4b7f0c2d5e8a1b3c4d5e6f708192a3b4c5d6e7f8091');
  const keys: string[] = [];
  await page.route('**/api/v1/deposit/apply', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  const submit = page.getByTestId('crypto-deposit-form').getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.locator('.toast').first()).toBeVisible();
  await submit.click();
  await expect(page).toHaveURL(/deposit\/record/);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByTestId('deposit-record').first().getByTestId('record-amount')).toHaveText('50.00 USDT');
});

test('a custom amount continues to the bank form with the amount filled in, or to customer service', async ({
  page,
}) => {
  await open(page, '/pages/deposit/custom');
  await page.getByRole('button', { name: 'Contact customer service' }).click();
  await expect(page.getByRole('dialog', { name: 'Customer service' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator('#amount').fill('0');
  await page.getByRole('button', { name: 'Continue by bank transfer' }).click();
  await expect(page.getByText('The amount must be a whole number of at least 1')).toBeVisible();
  await page.locator('#amount').fill('300');
  await page.getByRole('button', { name: 'Continue by bank transfer' }).click();
  await expect(page).toHaveURL(/deposit\/card\?amount=300/);
  // The bank form renders once its channels have loaded (a page chunk and a call on a busy machine).
  await expect(page.locator('#amount')).toHaveValue('300', { timeout: 15_000 });
});
