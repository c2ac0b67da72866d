import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import {
  type HeartCheckMessage,
  REALTIME_SOCKET_PATH,
  realtimeRoutes as routes,
  WATCH_MAX_DEVICES,
  type WatchRefusedMessage,
  watchMessageSchema,
} from '@ics/contract/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestToken } from '../../http/request-context';
import { type AccessGuard, addRoute, type Caller, withMessage } from '../../http/routes';
import { AppError } from '../../lib/errors';
import type { Realtime } from './realtime.hub';

export type RealtimeModuleDeps = { guard: AccessGuard; realtime: Realtime };

const HEARTCHECK: HeartCheckMessage = { cmd: 'heartcheck', msgTxt: '心跳响应' };
const HEARTCHECK_TEXT = JSON.stringify(HEARTCHECK);
const WATCH_REFUSED: WatchRefusedMessage = {
  cmd: 'watch.refused',
  msgTxt: `watch: devices must be "all" or a list of at most ${WATCH_MAX_DEVICES} ids`,
};

type SocketRequest = FastifyRequest<{ Params: { userId: string }; Querystring: { token?: string } }>;

/**
 * Token candidates of a socket request: `?token=`, each offered `Sec-WebSocket-Protocol`
 * (browsers cannot set headers on a WebSocket) and, for other clients, `X-Access-Token`.
 */
function socketTokens(request: SocketRequest): string[] {
  const tokens: string[] = [];
  const query = request.query.token;
  if (typeof query === 'string' && query) tokens.push(query);
  const protocols = request.headers['sec-websocket-protocol'];
  if (typeof protocols === 'string') tokens.push(...protocols.split(',').map((p) => p.trim()));
  const header = requestToken(request);
  if (header) tokens.push(header);
  return tokens.filter((t) => t.length > 0 && t.length <= 200).slice(0, 4);
}

/** The subprotocol that carried the valid token of each handshake, which the answer must echo. */
const tokenProtocols = new WeakMap<IncomingMessage, string>();

/** The caller of a socket request; a handshake with no valid token is refused, never accepted. */
async function authenticate(guard: AccessGuard, request: SocketRequest): Promise<Caller> {
  const tokens = socketTokens(request);
  if (tokens.length === 0) throw new AppError(401, 'auth.token_missing');
  for (const token of tokens) {
    const caller = await guard.resolveCaller(token);
    if (caller) {
      if (caller.userId !== request.params.userId) throw new AppError(403, 'realtime.wrong_user');
      tokenProtocols.set(request.raw, token);
      return caller;
    }
  }
  throw new AppError(401, 'auth.token_invalid');
}

/**
 * Echoes the offered subprotocol that was the token (a browser fails a handshake whose answer
 * names a protocol it did not offer, or none when it offered some); the first offered one when
 * the token came another way.
 */
function echoedProtocol(offered: Set<string>, request: IncomingMessage): string | false {
  const token = tokenProtocols.get(request);
  if (token && offered.has(token)) return token;
  return offered.values().next().value ?? false;
}

/**
 * The console WebSocket (`/websocket/:userId`) and its administration. A refused handshake is
 * answered with the usual error envelope and status (401, 403) instead of an upgrade.
 */
export async function registerRealtimeRoutes(app: FastifyInstance, deps: RealtimeModuleDeps): Promise<void> {
  const { guard, realtime } = deps;
  await app.register(websocket, { options: { maxPayload: 64 * 1024, handleProtocols: echoedProtocol } });
  app.addHook('onClose', () => realtime.close());

  const callers = new WeakMap<FastifyRequest, Caller>();
  app.get<{ Params: { userId: string }; Querystring: { token?: string } }>(
    REALTIME_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        callers.set(request, await authenticate(guard, request));
      },
    },
    (socket, request) => {
      const caller = callers.get(request);
      if (!caller) {
        socket.close(1008, 'unauthenticated');
        return;
      }
      realtime.attach(caller.userId, socket);
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const text = data.toString();
        if (text.startsWith('{') && watch(socket, text)) return;
        // Upstream answers any other text; the console sends "HeartBeat" every 20 s.
        socket.send(HEARTCHECK_TEXT);
      });
    },
  );

  /**
   * A console says which devices' state it wants (`WatchMessage`); a malformed one is refused.
   * False when the text is no watch message (answered like any other text).
   */
  const watch = (socket: Parameters<Realtime['watch']>[0], text: string): boolean => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return false;
    }
    if ((parsed as { cmd?: unknown } | null)?.cmd !== 'watch') return false;
    const message = watchMessageSchema.safeParse(parsed);
    if (message.success) realtime.watch(socket, message.data.devices);
    else socket.send(JSON.stringify(WATCH_REFUSED));
    return true;
  };

  addRoute(app, guard, routes.disconnectAll, async () =>
    withMessage({ closed: await realtime.disconnectAll() }, 'realtime.disconnected'),
  );
}
