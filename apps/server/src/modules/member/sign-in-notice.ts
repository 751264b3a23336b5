import { deviceOf, type LanguageKey } from '@soar/contract';
import { translate } from '@soar/i18n';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { memberSessionLive } from '../../core/sessions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { memberSignOutLinks, sessions, users } from '../../db/schema/index.ts';
import type { EventBus } from '../../lib/bus.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';
import type { Logger } from './codes.ts';
import type { CodeSender } from './delivery.ts';
import { networkOf, placeOf } from './sign-in-place.ts';

/** A sign-out link works once, for a week (docs/identity.md, Sign-in awareness). */
export const signOutLinkDays = 7;
const signOutLinkTtlMs = signOutLinkDays * 24 * 60 * 60 * 1000;
/** First key of the advisory lock that holds a new session's alert until the session commits. */
const alertLockClass = 0x5349474e;

type SignIn = { sessionId: number; userId: number; ip: string; userAgent: string; lang: LanguageKey };

/**
 * Tells a member of a sign-in from a new device or network: a notice and a mail with a link that
 * ends that session. It works after the response, off the request: `announce` waits (on an
 * advisory lock the sign-in's transaction holds) until the session has committed, then writes
 * the link and the notice in one transaction and mails; a rolled-back sign-in announces nothing.
 */
export class SignInAlerts {
  readonly #pending = new Set<Promise<void>>();
  readonly #ledger: Ledger;

  constructor(private readonly deps: { db: Database; sender: CodeSender; bus: EventBus; log: Logger; origin: string }) {
    this.#ledger = new Ledger(deps.db, deps.bus);
  }

  announce(signIn: SignIn): void {
    const work = this.#deliver(signIn).catch((error: unknown) => {
      this.deps.log.error({ err: error, sessionId: signIn.sessionId }, 'new sign-in not announced');
    });
    this.#pending.add(work);
    void work.finally(() => this.#pending.delete(work));
  }

  /** Resolves once every announcement started so far is done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  async #deliver(signIn: SignIn): Promise<void> {
    const token = newToken();
    const now = new Date();
    const params = {
      device: deviceOf(signIn.userAgent),
      place: placeOf(signIn.ip, signIn.lang),
      time: new Intl.DateTimeFormat(signIn.lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
        .format(now)
        .concat(' UTC'),
    };
    const mail = await this.#ledger.transaction(async (book) => {
      await lockAlert(book.tx, signIn.sessionId);
      const [live] = await book.tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, signIn.sessionId), memberSessionLive(now)));
      if (!live) return undefined;
      await book.tx.insert(memberSignOutLinks).values({
        sessionId: signIn.sessionId,
        userId: signIn.userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + signOutLinkTtlMs),
      });
      await sendNotice(book, {
        userId: signIn.userId,
        kind: 'signInNew',
        params,
        reference: `session:${signIn.sessionId}`,
      });
      const [user] = await book.tx.select({ mail: users.mail }).from(users).where(eq(users.id, signIn.userId));
      return user?.mail ?? undefined;
    });
    if (!mail) return;
    const link = `${this.deps.origin}/#/pages/session/revoke?token=${token}`;
    const texts = { ...params, link, days: signOutLinkDays };
    await this.deps.sender.sendMail({
      destination: mail,
      lang: signIn.lang,
      kind: 'signIn',
      subject: translate(signIn.lang, 'signIn.mail.subject'),
      // DB-IP's licence (CC BY 4.0) asks for this credit wherever its data is shown.
      text: `${translate(signIn.lang, 'signIn.mail.text', texts)}\n\nIP geolocation by DB-IP (https://db-ip.com)`,
    });
  }
}

function lockAlert(db: Database | Transaction, sessionId: number) {
  return db.execute(sql`select pg_advisory_xact_lock(${alertLockClass}::int, ${sessionId}::int)`);
}

const alertsByBus = new WeakMap<EventBus, SignInAlerts>();

/** The member routes register the app's alerts under its bus, which every request reaches. */
export function watchSignIns(bus: EventBus, alerts: SignInAlerts): void {
  alertsByBus.set(bus, alerts);
}

export function signInAlertsOf(bus: EventBus | undefined): SignInAlerts | undefined {
  return bus && alertsByBus.get(bus);
}

/**
 * Called where every member session is created (`openSession`: password, second step, register,
 * the older client): a sign-in is new when no earlier session of the member had its device
 * family or its network. The member's first session ever is not new.
 */
export async function noteSignIn(
  db: Database | Transaction,
  session: { id: number; userId: number },
  client: { ip: string; userAgent: string; lang?: LanguageKey; alerts?: SignInAlerts },
): Promise<void> {
  if (!client.alerts) return;
  const earlier = await db
    .selectDistinct({ ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.id)));
  if (earlier.length === 0) return;
  const device = deviceOf(client.userAgent);
  const network = networkOf(client.ip);
  const knownDevice = earlier.some((row) => deviceOf(row.userAgent) === device);
  const knownNetwork = earlier.some((row) => networkOf(row.ip) === network);
  if (knownDevice && knownNetwork) return;
  // Held until this transaction ends, so the announcement never sees an uncommitted session.
  await lockAlert(db, session.id);
  client.alerts.announce({ sessionId: session.id, userId: session.userId, ...client, lang: client.lang ?? 'en' });
}

/** `member/session/revoke-link`: ends the session a sign-in mail names; the link works once. */
export async function revokeByLink(db: Database, token: string) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(memberSignOutLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(memberSignOutLinks.tokenHash, hashToken(token)),
          isNull(memberSignOutLinks.usedAt),
          gt(memberSignOutLinks.expiresAt, now),
        ),
      )
      .returning({ sessionId: memberSignOutLinks.sessionId, userId: memberSignOutLinks.userId });
    if (!link) throw new AppError('SIGN_OUT_LINK_INVALID');
    const [ended] = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, link.sessionId), memberSessionLive(now)))
      .returning({ userAgent: sessions.userAgent, createdAt: sessions.createdAt });
    // Ended already (signed out, or by "sign out all"): the link has nothing left to do.
    if (!ended) throw new AppError('SIGN_OUT_LINK_INVALID');
    return { userId: link.userId, device: deviceOf(ended.userAgent), createdAt: ended.createdAt.toISOString() };
  });
}
