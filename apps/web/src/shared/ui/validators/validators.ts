import { checkRoutes } from '@ics/contract';
import { call } from '../../lib/http';

/** What the duplicate-check and check-rule endpoints answer (spec §7). */
export type CheckAnswer = { success: boolean; message: string };
export type CheckFetcher = (query: Record<string, string>) => Promise<CheckAnswer>;

const QUIET = [400, 404, 409, 422] as const;

const duplicateFetcher: CheckFetcher = async (query) => {
  try {
    const answer = await call(
      checkRoutes.duplicateCheck,
      { query: query as { tableName: string; fieldName: string; fieldVal: string; dataId?: string } },
      { silentStatuses: QUIET },
    );
    return { success: answer.success, message: answer.message };
  } catch (error) {
    return { success: false, message: (error as Error).message };
  }
};

const checkRuleFetcher: CheckFetcher = async (query) => {
  try {
    const answer = await call(
      checkRoutes.checkByCode,
      { query: query as { ruleCode: string; value: string } },
      { silentStatuses: QUIET },
    );
    return { success: answer.success, message: answer.message };
  } catch (error) {
    return { success: false, message: (error as Error).message };
  }
};

const isEmpty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

export type DuplicateCheck = { tableName: string; fieldName: string; dataId?: string | null };

/**
 * An antd Form validator (`rules={[{ validator: duplicateCheck({...}) }]}`) against
 * `/sys/duplicate/check` (spec §5): an empty value is not checked, `success` passes,
 * otherwise the server's message is the error.
 */
export function duplicateCheck(options: DuplicateCheck, fetcher: CheckFetcher = duplicateFetcher) {
  return async (_rule: unknown, value: unknown): Promise<void> => {
    if (isEmpty(value)) return;
    const query: Record<string, string> = {
      tableName: options.tableName,
      fieldName: options.fieldName,
      fieldVal: String(value),
    };
    if (options.dataId) query.dataId = options.dataId;
    const answer = await fetcher(query);
    if (!answer.success) throw new Error(answer.message);
  };
}

/**
 * An antd Form validator against the check rule `ruleCode` (`/sys/checkRule/checkByCode`,
 * spec §5): skipped when the rule code or the value is empty; the value travels URL-encoded.
 */
export function checkRule(ruleCode: string | null | undefined, fetcher: CheckFetcher = checkRuleFetcher) {
  return async (_rule: unknown, value: unknown): Promise<void> => {
    if (isEmpty(ruleCode) || isEmpty(value)) return;
    const answer = await fetcher({ ruleCode: String(ruleCode), value: String(value) });
    if (!answer.success) throw new Error(answer.message);
  };
}
