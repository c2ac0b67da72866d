import { type ControlJobDto, cabinetRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Switches circuits through their gateway's contactors; the outcome arrives as a job. */
export async function controlCircuits(circuitIds: string[], on: boolean): Promise<ControlJobDto> {
  return unwrap(await call(cabinetRoutes.circuitControl, { body: { circuitIds, on } }));
}
