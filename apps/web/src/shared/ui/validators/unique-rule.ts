import { checkRoutes } from '@ics/contract';
import type { Rule } from 'antd/es/form';
import { call, errorMessage } from '../../lib/http';
import { type CheckFetcher, duplicateCheck } from './validators';

/**
 * `/sys/duplicate/check` without a global notice: a taken value is answered with HTTP 200 and
 * `success: false` (the check itself succeeded) and rejects with the server's message.
 */
const uniqueFetcher: CheckFetcher = async (query) => {
  try {
    const answer = await call(
      checkRoutes.duplicateCheck,
      { query: query as { tableName: string; fieldName: string; fieldVal: string; dataId?: string } },
      { silentStatuses: [400, 403] },
    );
    return answer.success ? { success: true, message: '' } : { success: false, message: answer.message };
  } catch (error) {
    return { success: false, message: errorMessage(error, '') };
  }
};

/**
 * A live uniqueness rule of a form field (pair it with the Form.Item's `validateDebounce`): the
 * trimmed value is checked, an empty one is not, a taken one fails with the server's message
 * ("该值不可用，系统中已存在！").
 */
export function uniqueRule(tableName: string, fieldName: string, dataId?: string): Rule {
  const check = duplicateCheck({ tableName, fieldName, dataId }, uniqueFetcher);
  return { validator: (rule, value: unknown) => check(rule, typeof value === 'string' ? value.trim() : '') };
}
