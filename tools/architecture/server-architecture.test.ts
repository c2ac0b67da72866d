import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf, isTest, sourceFiles } from './import-graph';

const serverSrc = path.resolve(import.meta.dirname, '../../apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');
const migrationsDir = path.join(serverSrc, 'db/migrations');
const files = sourceFiles(serverSrc, false);
const rel = (file: string) => path.relative(serverSrc, file);

/** The module a server file belongs to (`modules/<m>/…`), or undefined for infrastructure. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(rel(file))?.[1];

/**
 * Every table and the one module that owns it: only the owner's files name it in SQL.
 * A new table gets its line here in the same change as its migration.
 */
const TABLE_OWNERS: Record<string, string> = {
  sys_session: 'session',
  sys_captcha: 'session',
  sys_login_failure: 'session',
  sys_sms_code: 'session',
  sys_user: 'user',
  sys_user_role: 'user',
  sys_user_depart: 'user',
  sys_user_managed_depart: 'user',
  sys_role: 'role',
  sys_role_permission: 'role',
  sys_role_data_rule: 'role',
  sys_permission: 'permission',
  sys_permission_data_rule: 'permission',
  sys_depart: 'depart',
  sys_depart_permission: 'depart',
  sys_depart_role: 'depart',
  sys_depart_role_permission: 'depart',
  sys_depart_role_user: 'depart',
  sys_dict: 'dict',
  sys_dict_item: 'dict',
  sys_check_rule: 'check',
  sys_project: 'project',
  sys_project_depart: 'project',
  sys_i18n: 'i18n',
  sys_platform_setting: 'platform',
  sys_log: 'log',
  sys_announcement: 'announcement',
  sys_announcement_send: 'announcement',
  dev_gateway: 'device',
  dev_device: 'device',
  dev_pole: 'device',
  dev_state: 'device',
  dev_event: 'device',
  dev_condition: 'device',
  dev_command: 'device',
  dev_node_lease: 'device',
  dev_lamp_reading: 'device',
  dev_sensor_reading: 'device',
  dev_lamp_rollup: 'device',
  dev_sensor_rollup: 'device',
  lighting_area: 'lighting',
  lighting_road: 'lighting',
  lighting_cabinet: 'lighting',
  lighting_circuit: 'lighting',
  lighting_circuit_lamp: 'lighting',
  lighting_group: 'lighting',
  lighting_group_lamp: 'lighting',
  lighting_job: 'lighting',
  alarm_record: 'alarm',
  alarm_event: 'alarm',
  alarm_rule: 'alarm',
  alarm_pending: 'alarm',
  alarm_webhook: 'alarm',
  alarm_delivery: 'alarm',
  lighting_override: 'lighting',
  lighting_strategy: 'lighting',
  lighting_strategy_target: 'lighting',
  lighting_execution: 'lighting',
  lighting_gateway_schedule: 'lighting',
  lighting_map_version: 'lighting',
  env_threshold: 'env',
  alarm_workorder: 'workorder',
  alarm_workorder_day: 'workorder',
  alarm_workorder_alarm: 'workorder',
  alarm_workorder_note: 'workorder',
  alarm_workorder_photo: 'workorder',
};

function migratedTables(): string[] {
  const tables = new Set<string>();
  for (const name of readdirSync(migrationsDir).filter((n) => n.endsWith('.sql'))) {
    const sql = readFileSync(path.join(migrationsDir, name), 'utf8');
    for (const m of sql.matchAll(/create table (?:if not exists )?([a-z_0-9]+)/gi))
      tables.add(m[1]!.toLowerCase());
  }
  return [...tables].sort();
}

describe('table ownership', () => {
  it('gives every table of the migrations exactly one existing module as owner', () => {
    const modules = new Set(readdirSync(modulesDir));
    expect(migratedTables().filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !migratedTables().includes(t))).toEqual([]);
    expect([...new Set(Object.values(TABLE_OWNERS))].filter((m) => !modules.has(m))).toEqual([]);
  });

  it('lets no file outside its owner name a table', () => {
    const violations: string[] = [];
    const patterns = Object.entries(TABLE_OWNERS).map(
      ([table, owner]) => [table, owner, new RegExp(`\\b${table}\\b`)] as const,
    );
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [table, owner, pattern] of patterns)
        if (moduleOf(file) !== owner && pattern.test(text))
          violations.push(`${rel(file)} names ${table} (owned by ${owner})`);
    }
    expect(violations).toEqual([]);
  });
});

const ENTRY_POINTS = new Set(['main.ts', 'openapi-document.ts']);

describe('server imports', () => {
  it('form no cycle', () => {
    expect(importCycles(files).map((cycle) => cycle.map(rel))).toEqual([]);
  });

  it('reach another module only through its index', () => {
    const violations: string[] = [];
    for (const file of files) {
      const own = moduleOf(file);
      for (const edge of importsOf(file)) {
        if (!edge.to) continue;
        const target = moduleOf(edge.to);
        if (target && target !== own && rel(edge.to) !== `modules/${target}/index.ts`)
          violations.push(`${rel(file)} imports ${rel(edge.to)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('keep infrastructure free of modules, and app.ts to the entry points', () => {
    const violations: string[] = [];
    for (const file of files) {
      const area = rel(file).split('/')[0]!;
      for (const edge of importsOf(file)) {
        if (!edge.to) continue;
        const target = rel(edge.to);
        if (
          ['lib', 'http', 'db'].includes(area) &&
          (target.startsWith('modules/') || target.startsWith('plugins/'))
        )
          violations.push(`${rel(file)} imports ${target}`);
        // Only the entry points build the app: the server, and the OpenAPI document's writer.
        if (target === 'app.ts' && !ENTRY_POINTS.has(rel(file)))
          violations.push(`${rel(file)} imports app.ts`);
      }
    }
    expect(violations).toEqual([]);
  });
});

it('names permission marks through the contract’s catalogue, never as literals', () => {
  const literal = /'[a-z]+:[a-z]+:[a-z]+'/;
  expect(files.filter((f) => literal.test(readFileSync(f, 'utf8'))).map(rel)).toEqual([]);
});

// Sanity of the scanner itself: a test file is never part of the graph checked above.
it('checks source files only', () => {
  expect(files.some(isTest)).toBe(false);
});
