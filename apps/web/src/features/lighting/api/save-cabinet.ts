import { type CabinetDto, cabinetRoutes, type RouteBody } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

export async function addCabinet(body: RouteBody<typeof cabinetRoutes.add>): Promise<CabinetDto> {
  return unwrap(await call(cabinetRoutes.add, { body }));
}

/** Adds a cabinet with its circuits; the cabinet list loads again. */
export const useAddCabinet = () => useListMutation(addCabinet, cabinetRoutes.list);
