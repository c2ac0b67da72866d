import { type ControlJobDto, controlRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Switches or dims one lamp from the map; the outcome follows as a control job. */
export async function controlLamp(
  lampId: string,
  action: 'on' | 'off' | 'dim',
  level?: number,
): Promise<ControlJobDto> {
  return unwrap(
    await call(controlRoutes.send, {
      body: { scope: 'lamps', ids: [lampId], action, ...(level === undefined ? {} : { level }) },
    }),
  );
}
