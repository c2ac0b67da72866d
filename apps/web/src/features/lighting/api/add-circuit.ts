import { type CircuitDto, cabinetRoutes, type RouteBody } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

export async function addCircuit(body: RouteBody<typeof cabinetRoutes.circuitAdd>): Promise<CircuitDto> {
  return unwrap(await call(cabinetRoutes.circuitAdd, { body }));
}

/** Adds a circuit to a cabinet; the cabinet list (which holds the circuits) loads again. */
export const useAddCircuit = () => useListMutation(addCircuit, cabinetRoutes.list);
