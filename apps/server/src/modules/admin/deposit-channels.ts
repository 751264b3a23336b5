import { and, asc, eq, isNull } from 'drizzle-orm';
import { type AuditRecord, recordAudit } from '../../core/audit.ts';
import type { Database } from '../../db/client.ts';
import { depositChannels } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { channelView, isValidAddress } from '../wallet/index.ts';

type ChannelRow = typeof depositChannels.$inferSelect;
type ChannelInput = Partial<Omit<typeof depositChannels.$inferInsert, 'id' | 'code' | 'deletedAt' | 'createdAt'>>;
type Actor = Pick<AuditRecord, 'operatorId' | 'ip'>;

function adminView(row: ChannelRow) {
  return { ...channelView(row), sort: row.sort, enabled: row.enabled };
}

/** A crypto channel needs a valid address on its network; a bank channel its bank and account. */
function assertComplete(row: ChannelInput) {
  if (row.type === 'crypto') {
    if (!row.network || !row.address || !isValidAddress(row.network, row.address)) {
      throw new AppError('ADDRESS_INVALID', undefined, { network: row.network ?? '' });
    }
  } else if (!row.bankName || !row.accountNumber) {
    throw new AppError('VALIDATION_FAILED');
  }
}

/** Operators keep the deposit channels; deleting hides a channel but keeps its row for the audit. */
export class DepositChannelAdmin {
  constructor(private readonly db: Database) {}

  async list() {
    const rows = await this.db
      .select()
      .from(depositChannels)
      .where(isNull(depositChannels.deletedAt))
      .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
    return rows.map(adminView);
  }

  async create(actor: Actor, input: ChannelInput & Pick<ChannelRow, 'type' | 'currency'>) {
    assertComplete(input);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(depositChannels).values(input).returning();
      if (!row) throw new Error('insert returned no channel');
      await recordAudit(tx, {
        ...actor,
        action: 'deposit-channel.create',
        entity: 'deposit_channel',
        entityId: row.id,
        before: null,
        after: adminView(row),
      });
      return adminView(row);
    });
  }

  async update(actor: Actor, id: number, input: ChannelInput) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(depositChannels)
        .where(and(eq(depositChannels.id, id), isNull(depositChannels.deletedAt)))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      assertComplete({ ...before, ...input });
      const [after] = await tx.update(depositChannels).set(input).where(eq(depositChannels.id, id)).returning();
      if (!after) throw new Error('update returned no channel');
      await recordAudit(tx, {
        ...actor,
        action: 'deposit-channel.update',
        entity: 'deposit_channel',
        entityId: id,
        before: adminView(before),
        after: adminView(after),
      });
      return adminView(after);
    });
  }

  async remove(actor: Actor, id: number) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(depositChannels)
        .where(and(eq(depositChannels.id, id), isNull(depositChannels.deletedAt)))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      await tx.update(depositChannels).set({ deletedAt: new Date(), enabled: false }).where(eq(depositChannels.id, id));
      await recordAudit(tx, {
        ...actor,
        action: 'deposit-channel.delete',
        entity: 'deposit_channel',
        entityId: id,
        before: adminView(before),
        after: null,
      });
      return { id };
    });
  }
}
