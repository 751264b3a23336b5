import { expect, request, test } from '@playwright/test';
import { call } from './api.ts';
import { investor, openSignedIn, payPassword } from './members.ts';

/**
 * Withdrawal holds (docs/ledger.md, Withdrawal holds): binding a wallet holds withdrawals for the
 * operator's duration (24 h); the member sees why and until when before filling the form, and the
 * record shows the hold.
 */
test('after binding a wallet the member sees the hold on the withdrawal page and on the record', async ({
  page,
  baseURL,
}) => {
  const api = await request.newContext({ baseURL });
  const member = await investor(api, '500');
  const wallet = await call<{ id: number }>(api, 'post', 'wallet/address/add', member.token, {
    name: 'Main',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TRW234ro7YSiHiKtRyxuePFMukfe8JxbnD',
    payPassword,
  });
  const state = await call<{ hold: { reason: string; endsAt: string } }>(api, 'get', 'withdraw/hold', member.token);
  expect(state.hold.reason).toBe('walletBound');
  const hours = (Date.parse(state.hold.endsAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23.9);
  expect(hours).toBeLessThanOrEqual(24);

  await openSignedIn(page, member.token, '/pages/withdraw/crypto');
  const notice = page.getByTestId('withdrawal-hold');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Withdrawals on hold');
  await expect(notice).toContainText('A new withdrawal wallet was bound to your account.');
  // The end in the member's time format (the app's date and time style).
  const end = await page.evaluate(
    (iso) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    state.hold.endsAt,
  );
  await expect(notice).toContainText(end);
  // The form is still there: a withdrawal is accepted and waits.
  await expect(page.getByTestId('withdraw-form')).toBeVisible();

  await call(api, 'post', 'withdraw/apply', member.token, {
    amount: '100',
    currency: 'USDT',
    walletId: wallet.id,
    payPassword,
  });
  await page.goto('/#/pages/history/record?tab=withdraw');
  const record = page.getByTestId('withdraw-record').first();
  await expect(record.getByTestId('record-held')).toHaveText(`On hold until ${end}`);
  await expect(record.getByTestId('record-status')).toBeVisible();

  // The wallet page offers allow-list mode.
  await page.goto('/#/pages/card/crypto');
  await expect(page.getByTestId('allow-list')).toContainText('Allow-list mode');
  await api.dispose();
});
