import type { AlarmAction, AlarmDto } from '../../alarm/alarm/alarm.routes';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';

/**
 * The console's WebSocket, below the API base path: `<basePath>/websocket/{userId}`.
 * The session token comes as the `token` query parameter (browsers cannot set headers on a
 * WebSocket) or as the offered `Sec-WebSocket-Protocol`; a token of another user is refused.
 */
export const REALTIME_SOCKET_PATH = '/websocket/:userId';

/** Text the console sends every 20 s; the server answers with {@link HeartCheckMessage}. */
export const HEARTBEAT_TEXT = 'HeartBeat';
export const HEARTBEAT_INTERVAL_MS = 20_000;
/** The console reconnects this long after a close or error, one attempt at a time. */
export const RECONNECT_DELAY_MS = 5_000;

/** Most device ids one `watch` message may list; a console wanting more watches `all`. */
export const WATCH_MAX_DEVICES = 1_000;

/** The server's answer to a `watch` message it cannot take (the previous one stays in force). */
export type WatchRefusedMessage = { cmd: 'watch.refused'; msgTxt: string };

/** The mark that lets an administrator drop every console socket (reconnect tests, maintenance). */
export const REALTIME_ADMIN_MARK = marks.system.realtime.admin;

/** Answer to any text a client sends. */
export type HeartCheckMessage = { cmd: 'heartcheck'; msgTxt: string };

/** A published announcement: `topic` goes to everyone, `user` to its addressees. */
export type AnnouncementPushMessage = { cmd: 'topic' | 'user'; msgId: string; msgTxt: string };

/** Live device state and alarms; the device modules define the payload below `cmd`. */
export type DevicePushMessage = { cmd: 'device'; [field: string]: unknown };

/**
 * Alarms raised, cleared, acknowledged, resolved or escalated in a project (the bell, the alarm
 * list's live updates): `count` alarms changed, the first of them (at most 20) in `alarms`.
 */
export type AlarmPushMessage = {
  cmd: 'alarm';
  kind: AlarmAction;
  projectId: string;
  count: number;
  alarms: AlarmDto[];
};

/** Every message the server pushes over the console socket is JSON with a `cmd`. */
export type RealtimeMessage =
  | HeartCheckMessage
  | AnnouncementPushMessage
  | DevicePushMessage
  | AlarmPushMessage
  | WatchRefusedMessage;

const tag = 'realtime';

export const realtimeRoutes = {
  disconnectAll: defineRoute<{ closed: number }>({
    method: 'POST',
    path: '/sys/realtime/disconnectAll',
    access: mark(REALTIME_ADMIN_MARK),
    summary: 'Close every console WebSocket on every API node (clients reconnect after 5 s)',
    tag,
  }),
} as const;
