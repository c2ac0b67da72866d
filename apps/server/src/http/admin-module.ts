import type { Mark } from '@ics/contract/server';
import { type MessageCatalogue, registerMessages } from '../lib/messages';
import { adminMessages } from './admin.messages';
import type { ListResource, ListRules } from './list-query';

/**
 * The registries an administration module fills when it is created (the permission module's
 * data rules, the dictionary module's table dictionaries, the check module's duplicate check),
 * as far as it uses them.
 */
export type AdminRegistries = {
  dataRules?: ListRules;
  dicts?: {
    registerTable(
      table: string,
      dictionary: { columns: readonly string[]; where: string; mark: string },
    ): void;
  };
  duplicates?: {
    registerDuplicates(
      table: string,
      check: { columns: Record<string, string>; where: string; marks: readonly string[] },
    ): void;
  };
};

/** A module's table that other features read: as a dictionary, and for values that must stay unique. */
export type AdminTable = {
  table: string;
  /** The columns a `table,text,code` dictionary may name; none: the table is no dictionary. */
  dictionary?: readonly string[];
  /** The fields whose values must be unique, each with the SQL of the value compared. */
  unique?: Record<string, string>;
  /** Which rows count (trusted SQL): `del_flag = 0`, or `true`. */
  where: string;
  /** Its marks: `list` reads it as a dictionary, `add` and `edit` check that a value is free. */
  marks: { list: Mark; add: Mark; edit: Mark };
};

const required = <T>(registry: T | undefined, name: string): T => {
  if (!registry) throw new Error(`an administration module that needs ${name} was created without it`);
  return registry;
};

/** What an administration module registers: its list, and its table when other features read it. */
export type AdminModule = { list?: ListResource } & (AdminTable | { table?: undefined });

/**
 * What the factory of an administration module does first: registers the texts of
 * administrative answers and its own messages, its list for data rules, and its table as a
 * dictionary and for the duplicate check.
 */
export function openAdminModule(
  deps: AdminRegistries,
  messages: MessageCatalogue,
  spec: AdminModule = {},
): void {
  registerMessages(adminMessages);
  registerMessages(messages);
  if (spec.list) required(deps.dataRules, 'dataRules').register(spec.list);
  if (spec.table === undefined) return;
  const { table, where, marks } = spec;
  if (spec.dictionary) {
    required(deps.dicts, 'dicts').registerTable(table, { columns: spec.dictionary, where, mark: marks.list });
  }
  if (spec.unique) {
    required(deps.duplicates, 'duplicates').registerDuplicates(table, {
      columns: spec.unique,
      where,
      marks: [marks.add, marks.edit],
    });
  }
}
