// The baselines: a bare Fastify started like the Soar server. `GET /same` answers the very bytes
// Soar's settings call answers (the same document, the same protective headers, both constants),
// so a ratio against it measures what Soar adds; `GET /` answers the short document the first
// baseline used (one language, no headers), kept as a reference (docs/performance.md, bench:api).
import Fastify from 'fastify';
import { securityHeaders } from '../../apps/server/src/plugins/security.ts';

const app = Fastify({ logger: false });
const flag = (key: string, label: string) => ({ key, label, src: `/static/flags/${key}.svg` });
const short = { code: 0, message: 'ok', data: [flag('en', 'English')] };
const same = {
  code: 0,
  message: 'ok',
  data: [
    flag('en', 'English'),
    flag('de', 'Deutsch'),
    flag('es', 'Español'),
    flag('fr', 'Français'),
    flag('it', 'Italiano'),
    flag('ja', '日本語'),
    flag('zh-CN', '简体中文'),
  ],
};
app.get('/', async () => short);
app.get('/same', async (_request, reply) => {
  reply.headers(securityHeaders);
  return same;
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`bare fastify on http://127.0.0.1:${port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
