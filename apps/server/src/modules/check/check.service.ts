import type { CheckRulePart, ListQuery } from '@ics/contract/server';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, Declined, notFound } from '../../lib/errors';
import type { CheckRepository, CheckRuleInput } from './check.repository';

/**
 * Values of a table that may be checked for duplicates, registered by the module owning it:
 * request field name → SQL expression of the column, the rows that count, and the marks of the
 * forms that check them (any one will do): whether a phone number or an email is registered is
 * nobody else's business.
 */
export type DuplicateCheck = { columns: Record<string, string>; where: string; marks: readonly string[] };

const UNIQUE: UniqueMessages = [['rule_code', 'system.check_rule.code_taken']];

/**
 * Upstream semantics: successive slices of the value (each `digits` long, `*` for the rest)
 * must each fully match their pattern; the first failing slice is reported.
 */
function checkValue(parts: CheckRulePart[], value: string) {
  const chars = [...value];
  let begin = 0;
  for (const part of parts) {
    const end = part.digits === '*' ? chars.length : Math.min(begin + Number(part.digits), chars.length);
    const slice = chars.slice(begin, end).join('');
    const passed = new RegExp(`^(?:${part.pattern})$`).test(slice);
    if (!passed) return { ...part, checkValue: slice, passed: false, beginIndex: begin, endIndex: end };
    begin = end;
    if (part.digits === '*') break;
  }
  return undefined;
}

/** Check rules (patterns a value must match) and the duplicate check of registered tables. */
export class CheckService {
  private readonly duplicates = new Map<string, DuplicateCheck>();

  constructor(private readonly repo: CheckRepository) {}

  /** Lets the duplicate check read `table`. */
  registerDuplicates(table: string, check: DuplicateCheck): void {
    this.duplicates.set(table, check);
  }

  /** The marks that may check `field` of `table`; refuses a table or field nobody registered. */
  duplicateMarks(table: string, field: string): readonly string[] {
    return this.uniqueColumn(table, field).marks;
  }

  /** Declines (HTTP 200, success false: the check itself succeeded) a value another row (not `exceptId`) holds already. */
  async assertNoDuplicate(table: string, field: string, value: string, exceptId: string): Promise<void> {
    const { check, column } = this.uniqueColumn(table, field);
    if (await this.repo.isTaken({ table, column, where: check.where }, value, exceptId))
      throw new Declined('system.duplicate.taken');
  }

  private uniqueColumn(table: string, field: string) {
    const check = this.duplicates.get(table);
    const column = check && Object.hasOwn(check.columns, field) ? check.columns[field] : undefined;
    if (!check || !column) throw new AppError(400, 'system.duplicate.not_allowed');
    return { check, column, marks: check.marks };
  }

  /** Refuses `value` with the message of the first part of rule `code` it fails. */
  async checkByCode(code: string, value: string): Promise<void> {
    const json = await this.repo.ruleJson(code);
    if (json === undefined) throw new AppError(400, 'system.check_rule.not_found');
    const failure = checkValue(JSON.parse(json) as CheckRulePart[], value);
    // A value failing the rule is a negative answer, not a bad request: declined at HTTP 200.
    if (failure) throw new Declined('system.check_rule.failed', { message: failure.message }, failure);
  }

  list(query: ListQuery) {
    return this.repo.list.page(query);
  }

  add(input: CheckRuleInput): Promise<string> {
    return mapUnique(() => this.repo.insert(input), UNIQUE);
  }

  async edit(id: string, input: CheckRuleInput): Promise<void> {
    if (!(await mapUnique(() => this.repo.update(id, input), UNIQUE))) throw notFound();
  }

  remove(ids: string[]): Promise<void> {
    return this.repo.delete(ids);
  }
}
