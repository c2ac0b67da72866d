import { checkRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

/**
 * Whether a value is still free (`/sys/duplicate/check`); rejects with the server's message
 * ("该值不可用，系统中已存在！") when it is taken.
 */
export async function duplicateCheck(query: {
  tableName: string;
  fieldName: string;
  fieldVal: string;
  dataId?: string;
}): Promise<void> {
  await call(checkRoutes.duplicateCheck, { query }, { silentStatuses: [400, 403] });
}
