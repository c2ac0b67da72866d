// The baseline: a bare Fastify hello-world, loaded from the server workspace so that it is the
// very copy (and version) of Fastify the product runs. Started as a child process by baseline.ts.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const requireFromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const fastifyEntry = pathToFileURL(requireFromServer.resolve('fastify')).href;
const { default: Fastify } = (await import(fastifyEntry)) as typeof import('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
