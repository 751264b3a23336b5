// The baseline: a bare Fastify answering a constant JSON document, started like the Soar server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { code: 0, message: 'ok', data: [{ key: 'en', label: 'English', src: '/static/flags/en.svg' }] };
app.get('/', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`bare fastify on http://127.0.0.1:${port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
