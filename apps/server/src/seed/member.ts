import type { OperatorRole } from '@soar/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { operators, payPasswords, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';

/** docs/architecture.md: the demo logins of development (`npm start` prints them). */
export const demoMember = {
  uid: '10000001',
  nickname: 'Demo',
  mail: 'demo@soar.local',
  password: 'demo1234',
  payPassword: '2468',
  inviteCode: 'DEMO88',
} as const;
export const demoOperator = { username: 'admin', password: 'admin1234' } as const;
/** Development only: one operator per role besides admin, password `<role>1234` (README). */
export const demoRoleOperators: { username: string; role: OperatorRole; password: string }[] = [
  { username: 'finance', role: 'finance', password: 'finance1234' },
  { username: 'compliance', role: 'compliance', password: 'compliance1234' },
  { username: 'trading', role: 'trading', password: 'trading1234' },
  { username: 'support', role: 'support', password: 'support1234' },
];

/** The seeded operator's password: ADMIN_PASSWORD, else the demo one in development only. */
export function adminPasswordOf(config: Config): string | undefined {
  return config.adminPassword ?? (config.env === 'development' ? demoOperator.password : undefined);
}

/**
 * The operator `admin` and, in development only, the demo member. Existing rows are left as they
 * are: a restart never resets a password someone changed.
 */
export async function seedMembers(db: Database, config: Config): Promise<void> {
  const adminPassword = adminPasswordOf(config);
  if (adminPassword) {
    const [existing] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'admin'));
    if (!existing) {
      const passwordHash = await hashPassword(adminPassword);
      await db.insert(operators).values({ username: 'admin', passwordHash, role: 'admin' }).onConflictDoNothing();
    }
  }
  if (config.env !== 'development') return;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mail, demoMember.mail));
  if (demo) return;
  const [user] = await db
    .insert(users)
    .values({
      uid: demoMember.uid,
      nickname: demoMember.nickname,
      mail: demoMember.mail,
      passwordHash: await hashPassword(demoMember.password),
      inviteCode: demoMember.inviteCode,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  await db
    .insert(payPasswords)
    .values({ userId: user.id, hash: await hashPassword(demoMember.payPassword) })
    .onConflictDoNothing();
}

/** The line printed once at start in development. */
export function demoLoginsLine(config: Config): string | undefined {
  if (config.env !== 'development') return undefined;
  const operator = config.adminPassword
    ? `operator ${demoOperator.username} / (ADMIN_PASSWORD)`
    : `operator ${demoOperator.username} / ${demoOperator.password}`;
  const roles = demoRoleOperators.map((role) => `${role.username} / ${role.password}`).join(', ');
  return `demo logins: member ${demoMember.mail} / ${demoMember.password} (pay password ${demoMember.payPassword}), ${operator}; back office http://localhost:${config.port}/admin/ also ${roles}`;
}
