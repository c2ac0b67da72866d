import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { KEY_PATTERN } from '../../field-spec';
import { optionalText, sysCrudQueries } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { isValidRuleJson } from './check.fields';

const checkRuleFields = {
  ruleCode: textInput({ error: 'form.rule_code.required' })
    .trim()
    .min(1, 'form.rule_code.required')
    .max(100, 'form.too_long')
    .regex(KEY_PATTERN, 'form.i18n_key.chars'),
  ruleName: textInput({ error: 'form.required' }).trim().min(1, 'form.required').max(100, 'form.too_long'),
  ruleJson: textInput().max(4000, 'form.too_long').refine(isValidRuleJson, 'form.rule_json.invalid'),
  ruleDescription: optionalText(255),
};
export const checkRuleAddSchema = z.object(checkRuleFields);
export const checkRuleEditSchema = z.object({ id: textInput().min(1).max(64), ...checkRuleFields });

export const checkByCodeQuerySchema = z.object({
  ruleCode: textInput().min(1).max(100),
  value: textInput().max(2000).default(''),
});

export const duplicateCheckQuerySchema = z.object({
  tableName: textInput().min(1).max(64),
  fieldName: textInput().min(1).max(64),
  fieldVal: textInput().max(500).default(''),
  dataId: textInput().max(64).optional(),
});

export const checkRuleCrudSchemas = { ...sysCrudQueries, add: checkRuleAddSchema, edit: checkRuleEditSchema };

export const checkRouteSchemas = {
  ...crudBindings(checkRuleCrudSchemas),
  checkByCode: { query: checkByCodeQuerySchema },
  duplicateCheck: { query: duplicateCheckQuerySchema },
};
