import { createServer, type Server } from 'node:http';

/** A 1×1 PNG: the smallest tile a browser draws. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A local raster tile server (`/{z}/{x}/{y}.png`) that counts what it served. */
export type TileServer = { template: string; served(): string[]; stop(): Promise<void> };

export async function startTileServer(): Promise<TileServer> {
  const served: string[] = [];
  const server: Server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    served.push(request.url as string);
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served: () => [...served],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
