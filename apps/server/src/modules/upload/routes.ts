import multipart from '@fastify/multipart';
import { walletApi } from '@soar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { maxUploadBytes, type UploadService } from './service.ts';

/** Room for the multipart boundaries and part headers around one file. */
const multipartOverhead = 64 * 1024;

export const uploadRoutes: FastifyPluginAsync<{ uploads: UploadService }> = async (app, { uploads }) => {
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 5, parts: 6 } });
  // A body announced larger than one file and its multipart framing is refused before it is read,
  // and the connection closes so the rest is never read either.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > maxUploadBytes + multipartOverhead) {
      reply.header('connection', 'close');
      throw new AppError('UPLOAD_TOO_LARGE');
    }
  });

  route(app, walletApi.upload, async (request, { member }) => {
    const { userId } = member;
    if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
    let bytes: Buffer;
    let truncated: boolean;
    try {
      const file = await request.file();
      if (!file) throw new AppError('UPLOAD_MISSING');
      bytes = await file.toBuffer();
      truncated = file.file.truncated;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new AppError('UPLOAD_TOO_LARGE');
      // A malformed body ("Boundary not found", "Unexpected end of multipart data", too many parts).
      throw new AppError('UPLOAD_MISSING');
    }
    if (truncated) throw new AppError('UPLOAD_TOO_LARGE');
    return uploads.store(userId, bytes);
  });

  /** Members see their own files; operators see any (for reviews). */
  const memberOrOperator = async (request: FastifyRequest) => {
    try {
      await app.requireMember(request);
    } catch {
      await app.requireOperator(request);
      // docs/admin.md: where a second factor is required, an operator without one sees nothing yet.
      if (app.config.requireOperatorTotp && !request.operator?.totpEnabled) {
        throw new AppError('TOTP_ENROLMENT_REQUIRED');
      }
    }
  };

  // An image answer, not JSON: outside route() and the contract's envelope.
  app.get<{ Params: { id: string } }>(
    '/upload/:id',
    {
      onRequest: memberOrOperator,
      schema: {
        tags: ['upload'],
        summary: 'The uploaded image, to its owner and operators',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const owner = request.member ? request.member.userId : undefined;
      const file = await uploads.read(request.params.id, owner);
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .type(file.mime)
        .send(file.data);
    },
  );
};
