import { z } from 'zod';
import {
  type ListPage,
  listQuerySchema,
  optionalText,
  sysIdQuerySchema,
  sysIdsQuerySchema,
} from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';

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

const isValidRuleJson = (text: string): boolean => {
  try {
    const parts = JSON.parse(text) as unknown;
    if (!Array.isArray(parts) || parts.length === 0) return false;
    return parts.every((p) => {
      if (!p || typeof p !== 'object') return false;
      const { digits, pattern, message } = p as Record<string, unknown>;
      if (!(digits === '*' || (Number.isInteger(Number(digits)) && Number(digits) > 0))) return false;
      if (typeof pattern !== 'string' || typeof message !== 'string') return false;
      new RegExp(pattern);
      return true;
    });
  } catch {
    return false;
  }
};

const checkRuleFields = {
  ruleCode: z
    .string({ error: 'form.rule_code.required' })
    .trim()
    .min(1, 'form.rule_code.required')
    .max(100, 'form.too_long')
    .regex(/^[A-Za-z0-9_.-]+$/, 'form.i18n_key.chars'),
  ruleName: z.string({ error: 'form.required' }).trim().min(1, 'form.required').max(100, 'form.too_long'),
  ruleJson: z.string().max(4000, 'form.too_long').refine(isValidRuleJson, 'form.rule_json.invalid'),
  ruleDescription: optionalText(255),
};
export const checkRuleAddSchema = z.object(checkRuleFields);
export const checkRuleEditSchema = z.object({ id: z.string().min(1).max(64), ...checkRuleFields });

export const checkByCodeQuerySchema = z.object({
  ruleCode: z.string().min(1).max(100),
  value: z.string().max(2000).default(''),
});

export const duplicateCheckQuerySchema = z.object({
  tableName: z.string().min(1).max(64),
  fieldName: z.string().min(1).max(64),
  fieldVal: z.string().max(500).default(''),
  dataId: z.string().max(64).optional(),
});

export const checkRoutes = {
  checkByCode: defineRoute<null, undefined, typeof checkByCodeQuerySchema>({
    method: 'GET',
    path: '/sys/checkRule/checkByCode',
    access: 'authenticated',
    summary: 'Check a value against a check rule',
    tag,
    query: checkByCodeQuerySchema,
  }),
  list: defineRoute<ListPage<CheckRuleRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/checkRule/list',
    access: mark(marks.system.dict.list),
    summary: 'List check rules',
    tag,
    query: listQuerySchema,
  }),
  add: defineRoute<{ id: string }, typeof checkRuleAddSchema>({
    method: 'POST',
    path: '/sys/checkRule/add',
    access: mark(marks.system.dict.add),
    summary: 'Add a check rule',
    tag,
    body: checkRuleAddSchema,
  }),
  edit: defineRoute<null, typeof checkRuleEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/checkRule/edit',
    access: mark(marks.system.dict.edit),
    summary: 'Edit a check rule',
    tag,
    body: checkRuleEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/checkRule/delete',
    access: mark(marks.system.dict.delete),
    summary: 'Delete a check rule',
    tag,
    query: sysIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/checkRule/deleteBatch',
    access: mark(marks.system.dict.delete),
    summary: 'Delete check rules',
    tag,
    query: sysIdsQuerySchema,
  }),
  duplicateCheck: defineRoute<null, undefined, typeof duplicateCheckQuerySchema>({
    method: 'GET',
    path: '/sys/duplicate/check',
    access: 'authenticated',
    summary:
      'Whether a value is still free in a whitelisted table/field (needs the add or edit mark of that table, e.g. system:user:add)',
    tag,
    query: duplicateCheckQuerySchema,
  }),
} as const;
