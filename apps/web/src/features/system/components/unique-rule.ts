import type { Rule } from 'antd/es/form';
import { errorMessage } from '../../../shared/lib/http';
import { duplicateCheck } from '../api/duplicate-check';

/**
 * A live uniqueness rule through `/sys/duplicate/check` (pair it with the Form.Item's
 * `validateDebounce`): skipped when empty, the server's message when the value is taken.
 */
export function uniqueRule(tableName: string, fieldName: string, dataId?: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const fieldVal = typeof value === 'string' ? value.trim() : '';
      if (!fieldVal) return;
      try {
        await duplicateCheck({ tableName, fieldName, fieldVal, ...(dataId ? { dataId } : {}) });
      } catch (error) {
        throw new Error(errorMessage(error, ''));
      }
    },
  };
}
