import { marks } from '@ics/contract/server';
import { describe, expect, it } from 'vitest';
import { defineMessages, translate } from '../lib/messages';
import { openAdminModule } from './admin-module';
import { type ListResource, recordList } from './list-query';

const messages = defineMessages({
  zhCN: { 'test.admin_module.hello': '你好' },
  enUS: { 'test.admin_module.hello': 'Hello' },
});

describe('openAdminModule', () => {
  it('registers the messages, the list, the dictionary table and the unique fields under their marks', () => {
    const lists: ListResource[] = [];
    const tables: unknown[] = [];
    const duplicates: unknown[] = [];
    const list = recordList('sys_thing t', { columns: {} });
    openAdminModule(
      {
        dataRules: { register: (resource) => lists.push(resource), forCaller: async () => undefined },
        dicts: { registerTable: (...args) => tables.push(args) },
        duplicates: { registerDuplicates: (...args) => duplicates.push(args) },
      },
      messages,
      {
        list,
        table: 'sys_thing',
        dictionary: ['id', 'name'],
        unique: { name: 'lower(name)' },
        where: 'del_flag = 0',
        marks: marks.system.role,
      },
    );
    expect(translate('en-US', 'test.admin_module.hello')).toBe('Hello');
    expect(translate('en-US', 'system.add_ok')).not.toBe('system.add_ok');
    expect(lists).toEqual([list]);
    expect(tables).toEqual([
      ['sys_thing', { columns: ['id', 'name'], where: 'del_flag = 0', mark: marks.system.role.list }],
    ]);
    expect(duplicates).toEqual([
      [
        'sys_thing',
        {
          columns: { name: 'lower(name)' },
          where: 'del_flag = 0',
          marks: [marks.system.role.add, marks.system.role.edit],
        },
      ],
    ]);
  });

  it('refuses a list or a table without the registry it needs', () => {
    expect(() => openAdminModule({}, messages, { list: recordList('sys_thing t', { columns: {} }) })).toThrow(
      /dataRules/,
    );
    expect(() =>
      openAdminModule({}, messages, {
        table: 'sys_thing',
        unique: { name: 'name' },
        where: 'true',
        marks: marks.system.role,
      }),
    ).toThrow(/duplicates/);
  });
});
