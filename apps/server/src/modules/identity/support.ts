import type { SupportMessage } from '@soar/contract';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.ts';
import type { Database } from '../../db/client.ts';
import { supportConversations, supportMessages, uploads, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import type { Actor } from '../../lib/route.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Book, Ledger } from '../ledger/index.ts';
import { sendNotice } from '../notice/index.ts';

type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;
/** Who a chat belongs to: a member, or a guest by the id their browser keeps. */
export type ChatOwner = { userId: number } | { guestId: string };

/** The operators' topic: every chat's new messages and unread counts. */
export const deskTopic = 'support:desk';
/**
 * A guest's topic inside the hub, by the SHA-256 of the guest id: the guest subscribes to
 * `support:guest:<guest id>` (the id is the secret that opens it) and the hub files the
 * subscription under the digest, which is all the server keeps. Its frames say `support`, as a
 * member's do.
 */
export const guestTopic = (guestHash: string) => `support:guest:${guestHash}`;

function messageView(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    from: row.sender,
    text: row.text,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The start of an answer, as a notice quotes it. */
function excerpt(text: string, length = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return [...flat].length > length ? `${[...flat].slice(0, length - 1).join('')}…` : flat;
}

const ownerCondition = (owner: ChatOwner) =>
  'userId' in owner
    ? eq(supportConversations.userId, owner.userId)
    : eq(supportConversations.guestHash, hashToken(owner.guestId));

/**
 * Customer-service chat (docs/identity.md): one conversation per member or guest, messages live
 * both ways (the member's `support` topic or the guest's topic, and the operators' desk topic).
 */
export class SupportService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {}

  /** The chat, oldest first; opening it marks the operators' answers seen. */
  async thread(owner: ChatOwner, query: { before?: number; limit: number }) {
    const [conversation] = await this.db.select().from(supportConversations).where(ownerCondition(owner));
    if (!conversation) return { conversationId: null, list: [], unread: 0 };
    const list = await this.messages(conversation.id, query);
    if (conversation.unreadByMember > 0) {
      await this.db
        .update(supportConversations)
        .set({ unreadByMember: 0 })
        .where(eq(supportConversations.id, conversation.id));
    }
    return { conversationId: conversation.id, list, unread: conversation.unreadByMember };
  }

  private async messages(conversationId: number, query: { before?: number; limit: number }) {
    const rows = await this.db
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversationId),
          query.before === undefined ? undefined : lt(supportMessages.id, query.before),
        ),
      )
      .orderBy(desc(supportMessages.id))
      .limit(query.limit);
    return rows.reverse().map(messageView);
  }

  /** A member's or guest's message: text, or (members only) an image they uploaded. */
  async send(owner: ChatOwner, body: { text?: string; image?: string }) {
    const text = body.text?.trim() ?? '';
    if (!text && !body.image) throw new AppError('SUPPORT_MESSAGE_EMPTY');
    return this.ledger.transaction(async (book) => {
      if (body.image) {
        if (!('userId' in owner)) throw new AppError('SUPPORT_IMAGE_INVALID');
        const [file] = await book.tx
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.id, body.image), eq(uploads.userId, owner.userId)));
        if (!file) throw new AppError('SUPPORT_IMAGE_INVALID');
      }
      const conversation = await this.conversationFor(book, owner);
      const [row] = await book.tx
        .insert(supportMessages)
        .values({ conversationId: conversation.id, sender: 'member', text, image: body.image ?? null })
        .returning();
      if (!row) throw new Error('insert returned no message');
      const [after] = await book.tx
        .update(supportConversations)
        .set({
          lastText: text || '[image]',
          lastMessageAt: row.createdAt,
          unreadByOperator: sql`${supportConversations.unreadByOperator} + 1`,
        })
        .where(eq(supportConversations.id, conversation.id))
        .returning();
      const message = messageView(row);
      this.announce(book, owner, message, after?.unreadByOperator ?? 1);
      return message;
    });
  }

  /** The owner's conversation, made on the first message (a concurrent first message waits). */
  private async conversationFor(book: Book, owner: ChatOwner): Promise<ConversationRow> {
    const values = 'userId' in owner ? { userId: owner.userId } : { guestHash: hashToken(owner.guestId) };
    await book.tx.insert(supportConversations).values(values).onConflictDoNothing();
    const [row] = await book.tx.select().from(supportConversations).where(ownerCondition(owner)).for('update');
    if (!row) throw new Error('conversation missing after insert');
    return row;
  }

  private announce(book: Book, owner: ChatOwner, message: SupportMessage, unread: number) {
    if ('userId' in owner) book.emit('support', { userId: owner.userId, message });
    else book.emit('supportTopic', { topic: guestTopic(hashToken(owner.guestId)), data: message, as: 'support' });
    book.emit('supportTopic', { topic: deskTopic, data: { conversationId: message.conversationId, message, unread } });
  }

  /**
   * After login: the guest chat of this browser joins the member's. Its messages move into the
   * member's conversation (made if there is none) and the guest conversation is removed.
   */
  async join(userId: number, guestId: string) {
    await this.ledger.transaction(async (book) => {
      const [guest] = await book.tx
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.guestHash, hashToken(guestId)))
        .for('update');
      if (!guest) return;
      const [mine] = await book.tx
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.userId, userId))
        .for('update');
      if (!mine) {
        await book.tx
          .update(supportConversations)
          .set({ userId, guestHash: null })
          .where(eq(supportConversations.id, guest.id));
        book.emit('supportTopic', { topic: deskTopic, data: { conversationId: guest.id, joined: true } });
        return;
      }
      await book.tx
        .update(supportMessages)
        .set({ conversationId: mine.id })
        .where(eq(supportMessages.conversationId, guest.id));
      const latest = guest.lastMessageAt > mine.lastMessageAt ? guest : mine;
      await book.tx
        .update(supportConversations)
        .set({
          lastText: latest.lastText,
          lastMessageAt: latest.lastMessageAt,
          unreadByOperator: mine.unreadByOperator + guest.unreadByOperator,
          unreadByMember: mine.unreadByMember + guest.unreadByMember,
        })
        .where(eq(supportConversations.id, mine.id));
      await book.tx.delete(supportConversations).where(eq(supportConversations.id, guest.id));
      book.emit('supportTopic', { topic: deskTopic, data: { conversationId: mine.id, joined: true } });
    });
    return this.thread({ userId }, { limit: 50 });
  }

  // Operators

  async conversations(query: PageQuery & { waiting?: boolean }) {
    // Waiting for an answer: the chat's last message is the member's (the dashboard's chat queue).
    const where = query.waiting
      ? sql`(select ${supportMessages.sender} from ${supportMessages}
             where ${supportMessages.conversationId} = ${supportConversations.id}
             order by ${supportMessages.id} desc limit 1) = 'member'`
      : undefined;
    return paginate(
      query,
      this.db
        .select({ conversation: supportConversations, uid: users.uid, nickname: users.nickname })
        .from(supportConversations)
        .leftJoin(users, eq(users.id, supportConversations.userId))
        .where(where)
        .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
        .$dynamic(),
      this.db.select({ total: count() }).from(supportConversations).where(where),
      ({ conversation, uid, nickname }) => ({
        id: conversation.id,
        userId: conversation.userId,
        uid,
        nickname,
        guest: conversation.userId === null,
        lastText: conversation.lastText,
        lastMessageAt: conversation.lastMessageAt.toISOString(),
        unread: conversation.unreadByOperator,
      }),
    );
  }

  /** One chat for an operator; opening it marks the member's messages seen. */
  async adminThread(query: { conversationId: number; before?: number; limit: number }) {
    const [conversation] = await this.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.id, query.conversationId));
    if (!conversation) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
    const list = await this.messages(conversation.id, query);
    if (conversation.unreadByOperator > 0) {
      await this.db
        .update(supportConversations)
        .set({ unreadByOperator: 0 })
        .where(eq(supportConversations.id, conversation.id));
    }
    return { conversationId: conversation.id, list, unread: conversation.unreadByOperator };
  }

  /** An operator's answer reaches the member's (or guest's) topic and the other operators. */
  async answer(actor: Actor, body: { conversationId: number; text: string }) {
    return this.ledger.transaction(async (book) => {
      const [conversation] = await book.tx
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.id, body.conversationId))
        .for('update');
      if (!conversation) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
      const [row] = await book.tx
        .insert(supportMessages)
        .values({ conversationId: conversation.id, sender: 'operator', operatorId: actor.operatorId, text: body.text })
        .returning();
      if (!row) throw new Error('insert returned no message');
      // What an operator tells a member is part of the record, like every other operator action.
      await recordAudit(book.tx, {
        operatorId: actor.operatorId,
        action: 'support.answer',
        entity: 'support_conversation',
        entityId: conversation.id,
        userId: conversation.userId,
        before: null,
        after: { messageId: row.id, text: body.text },
        ip: actor.ip,
      });
      await book.tx
        .update(supportConversations)
        .set({
          lastText: body.text,
          lastMessageAt: row.createdAt,
          unreadByOperator: 0,
          unreadByMember: sql`${supportConversations.unreadByMember} + 1`,
        })
        .where(eq(supportConversations.id, conversation.id));
      const message = messageView(row);
      if (conversation.userId !== null) {
        book.emit('support', { userId: conversation.userId, message });
        // The member hears of the answer with the app closed too: push, and mail when chosen.
        await sendNotice(book, {
          userId: conversation.userId,
          kind: 'supportReply',
          params: { text: excerpt(body.text) },
          reference: `support:${conversation.id}`,
        });
      } else if (conversation.guestHash) {
        book.emit('supportTopic', { topic: guestTopic(conversation.guestHash), data: message, as: 'support' });
      }
      book.emit('supportTopic', { topic: deskTopic, data: { conversationId: conversation.id, message, unread: 0 } });
      return message;
    });
  }
}
