import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPasswords } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { createMember } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { setPayPassword, verifyPayPassword } from './pay-password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function outcome(userId: number, password: string): Promise<string> {
  try {
    await verifyPayPassword(t.app.db, userId, password);
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.code} ${JSON.stringify(error.params)}`;
  }
}

describe('the pay password', () => {
  it('is stored apart from the login password, as an argon2id hash', async () => {
    const { user } = await createMember(t.app);
    expect(await outcome(user.id, '2468')).toBe('PAY_PASSWORD_NOT_SET {}');
    await setPayPassword(t.app.db, user.id, '2468');
    const [row] = await t.app.db.select().from(payPasswords).where(eq(payPasswords.userId, user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(await outcome(user.id, '2468')).toBe('ok');
  });

  it('locks for 15 minutes after 5 wrong tries, even for the right one, then opens again', async () => {
    const { user } = await createMember(t.app);
    await setPayPassword(t.app.db, user.id, '2468');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await outcome(user.id, '0000'));
    expect(answers).toEqual([
      'PAY_PASSWORD_WRONG {"remaining":4}',
      'PAY_PASSWORD_WRONG {"remaining":3}',
      'PAY_PASSWORD_WRONG {"remaining":2}',
      'PAY_PASSWORD_WRONG {"remaining":1}',
      'PAY_PASSWORD_LOCKED {"minutes":15}',
    ]);
    expect(await outcome(user.id, '2468')).toBe('PAY_PASSWORD_LOCKED {"minutes":15}');
    await t.app.db
      .update(payPasswords)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(payPasswords.userId, user.id));
    expect(await outcome(user.id, '0000')).toBe('PAY_PASSWORD_WRONG {"remaining":4}');
    expect(await outcome(user.id, '2468')).toBe('ok');
    const [row] = await t.app.db.select().from(payPasswords).where(eq(payPasswords.userId, user.id));
    expect(row).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it('counts concurrent wrong tries without losing any', async () => {
    const { user } = await createMember(t.app);
    await setPayPassword(t.app.db, user.id, '2468');
    const answers = await Promise.all(Array.from({ length: 8 }, () => outcome(user.id, '0000')));
    expect(answers.filter((a) => a.startsWith('PAY_PASSWORD_WRONG'))).toHaveLength(4);
    expect(answers.filter((a) => a.startsWith('PAY_PASSWORD_LOCKED'))).toHaveLength(4);
    expect(await outcome(user.id, '2468')).toMatch(/^PAY_PASSWORD_LOCKED/);
  });
});
