import Fastify from 'fastify';

/**
 * The baseline for response times: a bare Fastify server answering what /healthz answers, with no
 * database, no hooks and no logging. Prints the port it listens on, then serves until killed.
 */
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
