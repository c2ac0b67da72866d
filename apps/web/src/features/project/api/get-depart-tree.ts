import { projectRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { currentLanguage } from '../../../shared/lib/i18n/i18n';

/**
 * The departments a project can be made visible to, named in the console's language. Asked of
 * the project module, so that whoever edits projects can pick them without the department marks.
 */
export function useProjectDepartTree() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['project', 'depart-tree', lang],
    queryFn: async () => unwrap(await call(projectRoutes.departTree)),
  });
}
