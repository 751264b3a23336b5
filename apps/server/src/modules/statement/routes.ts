import { statementAdminApi, statementApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { download, route } from '../../lib/route.ts';
import type { StatementService } from './service.ts';

export const statementRoutes: FastifyPluginAsync<{ statements: StatementService }> = async (app, { statements }) => {
  route(app, statementApi.list, (request, { member }) => statements.list(member.userId, request.query));
  download(app, statementApi.download, (request, { member }) =>
    statements.file(request.query.id, request.lang, member.userId),
  );
  route(app, statementAdminApi.list, (request) => statements.list(request.query.userId, request.query));
  route(app, statementAdminApi.regenerate, (request, { actor }) =>
    statements.regenerate(actor, request.body.userId, request.body.month),
  );
  download(app, statementAdminApi.download, (request) => statements.file(request.query.id, request.lang));
};
