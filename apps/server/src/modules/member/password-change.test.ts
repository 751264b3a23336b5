import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { createMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (headers: Record<string, string>, oldPassword: string) =>
  api(t.app).post('member/password/change', { oldPassword, password: '8642', confirmPassword: '8642' }, { headers });

describe('password change (issue 9, B7)', () => {
  it('locks after five wrong old passwords, like the login, and then refuses the right one too', async () => {
    const member = await createMember(t.app, { passwordHash: await hashPassword('1357') });
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await change(member.headers, `000${attempt}`);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().code).toBe('PASSWORD_WRONG');
    }
    const fifth = await change(member.headers, '0005');
    expect(fifth.json().code).toBe('LOGIN_LOCKED');
    const right = await change(member.headers, '1357');
    expect(right.statusCode, right.body).toBe(429);
    expect(right.json().code).toBe('LOGIN_LOCKED');
  });

  it('changes the password with the right old one', async () => {
    const member = await createMember(t.app, { passwordHash: await hashPassword('1357') });
    const response = await change(member.headers, '1357');
    expect(response.statusCode, response.body).toBe(200);
  });
});
