// The yardstick of the API bench: Fastify with one route answering {ok:true}, in its own process, no plugins, no logging.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${address}\n`);
