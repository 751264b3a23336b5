import { notificationApi } from '@soar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route.ts';
import type { NotificationSettingsService } from './service.ts';

export const notificationRoutes: FastifyPluginAsync<{ settings: NotificationSettingsService }> = async (
  app,
  { settings },
) => {
  // RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
  // Only the routes of this plugin read forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  route(app, notificationApi.settings, (_request, { member }) => settings.settings(member.userId));
  route(app, notificationApi.settingsSave, (request, { member }) =>
    settings.save(member.userId, request.body, request.lang),
  );
  route(app, notificationApi.unsubscribe, (request) => settings.unsubscribe(request.query.token), {
    config: { rateLimit: {} },
  });
};
