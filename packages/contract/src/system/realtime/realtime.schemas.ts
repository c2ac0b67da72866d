import { z } from 'zod';
import { textInput } from '../../text-input.schemas';
import { WATCH_MAX_DEVICES } from './realtime.routes';

/**
 * What a console wants of the `device.state` pushes (a second's changes of every device of the
 * user's projects): `all` of them, the listed devices and gateways (a page of a list, a pole on the map),
 * or none (`[]`: no page showing live state is open). Each message replaces the previous one;
 * a socket that never sends one receives all. Other device events are not filtered.
 */
export const watchMessageSchema = z.object({
  cmd: z.literal('watch'),
  devices: z.union([z.literal('all'), z.array(textInput().min(1).max(64)).max(WATCH_MAX_DEVICES)]),
});
export type WatchMessage = z.infer<typeof watchMessageSchema>;
