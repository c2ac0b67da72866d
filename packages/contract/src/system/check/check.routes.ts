import { crudRoutes, type SysResults } from '../../crud-routes';
import { marks } from '../../marks';
import { defineRoute } from '../../route';
import type {
  checkByCodeQuerySchema,
  checkRuleCrudSchemas,
  duplicateCheckQuerySchema,
} from './check.schemas';

const tag = 'system-check';

/** One slice of a check rule: `digits` characters (or `*` for the rest) must match `pattern`. */
export type CheckRulePart = { digits: number | '*'; pattern: string; message: string };

export type CheckRuleRecord = {
  id: string;
  ruleCode: string;
  ruleName: string;
  ruleJson: string;
  ruleDescription: string | null;
  createTime: string;
};

export type CheckRuleFailure = CheckRulePart & {
  checkValue: string;
  passed: boolean;
  beginIndex: number;
  endIndex: number;
};

/** Check rules are part of the dictionaries' administration (their marks). */
const checkRules = crudRoutes<typeof checkRuleCrudSchemas, SysResults<CheckRuleRecord>>({
  base: '/sys/checkRule',
  tag,
  marks: marks.system.dict,
  name: ['a check rule', 'check rules'],
});

export const checkRoutes = {
  checkByCode: defineRoute<null, undefined, typeof checkByCodeQuerySchema>({
    method: 'GET',
    path: '/sys/checkRule/checkByCode',
    access: 'authenticated',
    summary:
      'Check a value against a check rule: a failing value is HTTP 200 with success false, the failing part in result',
    tag,
  }),
  ...checkRules(['list', 'add', 'edit', 'delete', 'deleteBatch']),
  duplicateCheck: defineRoute<null, undefined, typeof duplicateCheckQuerySchema>({
    method: 'GET',
    path: '/sys/duplicate/check',
    access: 'authenticated',
    summary:
      'Whether a value is still free in a whitelisted table/field: a taken one is HTTP 200 with success false (needs the add or edit mark of that table, e.g. system:user:add)',
    tag,
  }),
} as const;
