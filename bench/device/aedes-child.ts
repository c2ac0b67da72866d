// The embedded broker alone, for the bare publish→subscribe bound (bare-broker.ts): the server's
// MQTT broker (aedes, loaded from the server workspace so that it is the very copy and version
// the product runs) with the server's settings (`brokerSettings`), in a process of its own as in
// the server, but without the server's hooks (credentials, topic rules, the uplink into
// ingestion): any client may publish and subscribe.
import { createRequire } from 'node:module';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { brokerSettings } from '@ics/server/tools';

const requireFromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const { Aedes } = (await import(
  pathToFileURL(requireFromServer.resolve('aedes')).href
)) as typeof import('aedes');

const broker = await Aedes.createBroker({ ...brokerSettings });
const server = net.createServer(broker.handle);
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => broker.close(() => process.exit(0))));
