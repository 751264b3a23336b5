import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cleanImage } from './image.ts';

export const maxUploadBytes = 5 * 1024 * 1024;

/** Member images (deposit proofs, KYC documents) under `<dataDir>/uploads`, by random name. */
export class UploadService {
  constructor(
    private readonly db: Database,
    private readonly directory: string,
  ) {}

  async store(userId: number, bytes: Buffer): Promise<{ id: string }> {
    const { type, data } = await cleanImage(bytes);
    const id = randomBytes(16).toString('hex');
    await mkdir(this.directory, { recursive: true });
    await writeFile(path.join(this.directory, id), data, { mode: 0o600 });
    await this.db.insert(uploads).values({ id, userId, mime: type.mime, size: data.length });
    return { id };
  }

  /** Only the owner (or an operator, `userId` undefined) gets the file; anyone else sees 404. */
  async read(id: string, userId: number | undefined): Promise<{ mime: string; data: Buffer }> {
    if (!/^[0-9a-f]{32}$/.test(id)) throw new AppError('NOT_FOUND');
    const condition = userId === undefined ? eq(uploads.id, id) : and(eq(uploads.id, id), eq(uploads.userId, userId));
    const [row] = await this.db.select().from(uploads).where(condition);
    if (!row) throw new AppError('NOT_FOUND');
    return { mime: row.mime, data: await readFile(path.join(this.directory, row.id)) };
  }
}
