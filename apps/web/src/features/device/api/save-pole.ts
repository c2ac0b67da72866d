import { areaRoutes, type PoleDto, poleRoutes, type RouteBody } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

type PoleFields = RouteBody<typeof poleRoutes.add>;

/** A pole to add (no id) or edit, with the road it is to stand on and the one it stood on. */
export type PoleSave = { id?: string; fields: PoleFields; roadId: string | null; roadBefore: string | null };

async function addPole(body: PoleFields): Promise<PoleDto> {
  return unwrap(await call(poleRoutes.add, { body }, { silentStatuses: [400, 409] }));
}

async function editPole(body: RouteBody<typeof poleRoutes.edit>): Promise<PoleDto> {
  return unwrap(await call(poleRoutes.edit, { body }, { silentStatuses: [400, 409] }));
}

/** Saves a pole, then puts it on its road (or takes it off) when that changed. */
export async function savePole({ id, fields, roadId, roadBefore }: PoleSave): Promise<PoleDto> {
  const saved = id ? await editPole({ ...fields, id }) : await addPole(fields);
  if (roadId !== roadBefore)
    unwrap(await call(areaRoutes.assignRoad, { body: { poleIds: [saved.id], roadId } }));
  return saved;
}

/** Saves a pole with its road; the pole list loads again. */
export const useSavePole = () => useListMutation(savePole, poleRoutes.list);
