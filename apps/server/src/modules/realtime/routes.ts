import { type LanguageKey, resolveLanguage, roleAllows, supportAdminApi, wsClientMessage } from '@soar/contract';
import { translate } from '@soar/i18n';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import type { Realtime } from './service.ts';

type WsError = 'BAD_MESSAGE' | 'TOPIC_INVALID' | 'TOPIC_LIMIT' | 'SYMBOL_NOT_FOUND' | 'UNAUTHORIZED';

const messageKeys: Record<WsError, string> = {
  BAD_MESSAGE: 'market.ws.badMessage',
  TOPIC_INVALID: 'market.ws.topicInvalid',
  TOPIC_LIMIT: 'market.ws.topicLimit',
  SYMBOL_NOT_FOUND: 'errors.SYMBOL_NOT_FOUND',
  UNAUTHORIZED: 'errors.UNAUTHORIZED',
};

/**
 * WebSocket `/api/v1/ws`: `{op:"sub"|"unsub", topics}`, `{op:"auth", token}`, `{op:"ping"}`.
 * Answers `{op, ...}` acks, `{op:"error", code, message, topic?}` in the connection's language
 * (`?lang=` or `x-soar-lang`), and `{topic, data}` frames.
 */
const connectQuery = z.object({ token: z.string().optional(), lang: z.string().optional() });

export const realtimeRoutes: FastifyPluginAsync<{ realtime: Realtime }> = async (fastify, { realtime }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { hub } = realtime;

  app.get(
    '/ws',
    { websocket: true, schema: { hide: true, querystring: connectQuery } },
    (socket: WebSocket, request) => {
      // The closures below outlive the request: they keep what they use (the logger), not `request`.
      const { query, log } = request;
      const lang: LanguageKey = query.lang ? resolveLanguage(query.lang) : request.lang;
      hub.add(socket, request.raw.socket);
      const fail = (code: WsError, extra: { topic?: string; symbol?: string } = {}) =>
        hub.reply(socket, {
          op: 'error',
          code,
          message: translate(lang, messageKeys[code], { symbol: extra.symbol ?? '', limit: hub.maxTopics }),
          ...(extra.topic ? { topic: extra.topic } : {}),
        });

      const authenticate = async (token: string) => {
        const session = await realtime.memberOfToken(token);
        if (session !== null) {
          hub.authenticate(socket, session.userId, session.sessionId);
          return hub.reply(socket, { op: 'auth', ok: true });
        }
        // An operator token opens the support desk (docs/identity.md).
        const operator = await realtime.operatorOfToken(token);
        if (operator === null) return fail('UNAUTHORIZED');
        hub.authenticateOperator(socket, operator);
        hub.reply(socket, { op: 'auth', ok: true });
      };
      // Checked against the session again: an operator logged out, disabled or reset elsewhere never rejoins.
      const deskAllowed = async () => {
        const operator = hub.operatorOf(socket);
        if (operator === null || !roleAllows(supportAdminApi.conversations, operator.role)) return false;
        return realtime.operatorSessionLive(operator.sessionId);
      };

      const handle = async (raw: RawData) => {
        let parsed: ReturnType<typeof wsClientMessage.safeParse>;
        try {
          parsed = wsClientMessage.safeParse(JSON.parse(raw.toString()));
        } catch {
          return fail('BAD_MESSAGE');
        }
        if (!parsed.success) return fail('BAD_MESSAGE');
        const message = parsed.data;
        if (message.op === 'ping') return hub.reply(socket, { op: 'pong' });
        if (message.op === 'auth') return authenticate(message.token);
        if (message.op === 'unsub') {
          for (const topic of message.topics) {
            const check = realtime.checkTopic(topic);
            hub.unsubscribe(socket, (check.ok && check.hubTopic) || topic);
          }
          return hub.reply(socket, { op: 'unsub', topics: message.topics });
        }
        const accepted: string[] = [];
        for (const topic of message.topics) {
          const check = realtime.checkTopic(topic);
          if (!check.ok) {
            fail(check.code, { topic, symbol: check.symbol });
          } else if (check.user && hub.userOf(socket) === null) {
            fail('UNAUTHORIZED', { topic });
          } else if (check.operator && !(await deskAllowed())) {
            fail('UNAUTHORIZED', { topic });
          } else if (!hub.topicsOf(socket).has(topic) && hub.topicsOf(socket).size >= hub.maxTopics) {
            fail('TOPIC_LIMIT', { topic });
          } else {
            hub.subscribe(socket, check.hubTopic ?? topic);
            accepted.push(topic);
          }
        }
        hub.reply(socket, { op: 'sub', topics: accepted });
      };

      // Messages are handled in order, after the `?token=` check when there is one.
      let queue: Promise<unknown> = query.token ? authenticate(query.token) : Promise.resolve();
      socket.on('message', (raw: RawData) => {
        hub.touch(socket);
        queue = queue.then(() => handle(raw)).catch((error: unknown) => log.warn({ err: error }, 'ws message failed'));
      });
    },
  );
};
