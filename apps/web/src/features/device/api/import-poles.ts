import { type ImportResult, poleRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

type PoleImport = { projectId: string; file: string };

/** Imports an .xlsx (sent as base64) and answers the per-row errors. */
export async function importPoles({ projectId, file }: PoleImport): Promise<ImportResult> {
  return unwrap(await call(poleRoutes.importExcel, { body: { projectId, file } }));
}

/** Imports poles; the pole list loads again. */
export const useImportPoles = () => useListMutation(importPoles, poleRoutes.list);
