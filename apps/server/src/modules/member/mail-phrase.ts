import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberMailPhrases, users } from '../../db/schema/index.ts';
import { mailDestination } from './codes.ts';
import { type AccountMail, type CodeMessage, type CodeSender, phraseLine } from './delivery.ts';

/** The member's anti-phishing phrase, or null. */
export async function mailPhraseOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ phrase: memberMailPhrases.phrase })
    .from(memberMailPhrases)
    .where(eq(memberMailPhrases.userId, userId));
  return row?.phrase ?? null;
}

/** Sets or replaces the phrase (the contract has checked it: 1-32 printable characters). */
export async function setMailPhrase(db: Database, userId: number, phrase: string): Promise<{ phrase: string }> {
  const now = new Date();
  await db
    .insert(memberMailPhrases)
    .values({ userId, phrase, updatedAt: now })
    .onConflictDoUpdate({ target: memberMailPhrases.userId, set: { phrase, updatedAt: now } });
  return { phrase };
}

/** The phrase of the member whose mail address this is; none for an address with no member. */
async function phraseOfAddress(db: Database, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ phrase: memberMailPhrases.phrase })
    .from(users)
    .innerJoin(memberMailPhrases, eq(memberMailPhrases.userId, users.id))
    .where(eq(users.mail, mailDestination(address)));
  return row?.phrase;
}

/**
 * Puts the member's anti-phishing phrase into every mail that goes through `sender` (docs/identity.md,
 * Sign-in awareness): looked up by the address, so a registration code to an address with no
 * member carries none, and no caller can forget it. Texts to phones carry none.
 */
export function withMailPhrase(db: Database, sender: CodeSender): CodeSender {
  return {
    async send(message: CodeMessage) {
      const phrase = message.channel === 'email' ? await phraseOfAddress(db, message.destination) : undefined;
      await sender.send(phrase ? { ...message, phrase } : message);
    },
    async sendMail(mail: AccountMail) {
      const phrase = await phraseOfAddress(db, mail.destination);
      await sender.sendMail(phrase ? { ...mail, text: `${phraseLine(mail.lang, phrase)}\n\n${mail.text}` } : mail);
    },
  };
}
