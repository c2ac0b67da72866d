import type { CheckRuleRecord, checkRuleAddSchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { ListReader, recordList } from '../../http/list-query';
import { firstValue } from '../../http/sql-where';

const CHECK_RULE_RESOURCE = recordList('sys_check_rule c', {
  columns: {
    ruleCode: { column: 'c.rule_code', filter: 'text', sortable: true },
    ruleName: { column: 'c.rule_name', filter: 'text', sortable: true },
    ruleJson: { column: 'c.rule_json' },
    ruleDescription: { column: 'c.rule_description', filter: 'text' },
  },
});

export type CheckRuleInput = z.output<typeof checkRuleAddSchema>;

/** A column of a registered table whose values must be unique, as the duplicate check reads it. */
export type UniqueColumn = {
  table: string;
  /** SQL expression of the value (`lower(username)` for values compared case-insensitively). */
  column: string;
  /** Rows that count (trusted SQL), such as `del_flag = 0`. */
  where: string;
};

/** sys_check_rule, and the one query of the duplicate check over tables other modules register. */
export class CheckRepository {
  /** The check rule list. */
  readonly list: ListReader<CheckRuleRecord>;

  constructor(private readonly db: Queryable) {
    this.list = new ListReader(db, CHECK_RULE_RESOURCE);
  }

  ruleJson(code: string): Promise<string | undefined> {
    return firstValue(this.db, 'select rule_json from sys_check_rule where rule_code = $1', [code]);
  }

  async insert(r: CheckRuleInput): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into sys_check_rule (rule_code, rule_name, rule_json, rule_description) values ($1, $2, $3, $4)
       returning id`,
      [r.ruleCode, r.ruleName, r.ruleJson, r.ruleDescription],
    );
    return row!.id;
  }

  async update(id: string, r: CheckRuleInput): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_check_rule set rule_code = $2, rule_name = $3, rule_json = $4, rule_description = $5,
              update_time = now() where id = $1 returning id`,
      [id, r.ruleCode, r.ruleName, r.ruleJson, r.ruleDescription],
    );
    return rows.length > 0;
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.query('delete from sys_check_rule where id = any($1::text[])', [ids]);
  }

  /** Whether a row other than `exceptId` holds `value` (the table, column and condition were registered). */
  async isTaken(unique: UniqueColumn, value: string, exceptId: string): Promise<boolean> {
    const bound = unique.column.startsWith('lower(') ? 'lower($1)' : '$1';
    const [row] = await this.db.query(
      `select 1 from ${unique.table} where ${unique.where} and ${unique.column} = ${bound} and id <> $2 limit 1`,
      [value, exceptId],
    );
    return Boolean(row);
  }
}
