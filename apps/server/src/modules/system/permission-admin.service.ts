import type { PermissionRecord, PermissionTreeNode, permissionAddSchema } from '@ics/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { formatTime } from '../../http/list-query';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { PermissionService } from './permission.service';

type Translate = (key: string, fallback?: string) => string;

const SELECT = `p.id, p.parent_id as "parentId", p.name, p.url, p.component, p.component_name as "componentName",
  p.redirect, p.menu_type as "menuType", p.perms, p.perms_type as "permsType", p.sort_no::float8 as "sortNo",
  p.always_show as "alwaysShow", p.icon, p.is_route as "route", p.is_leaf as "leaf", p.keep_alive as "keepAlive",
  p.hidden, p.internal_or_external as "internalOrExternal", p.status, p.rule_flag as "ruleFlag", p.description,
  ${formatTime('p.create_time')} as "createTime"`;

type Input = z.output<typeof permissionAddSchema>;

/** Upstream PermissionDataUtil: component without '/', 'views/' or '.vue'; url with a leading '/'. */
export function normalise(input: Input): Input {
  const out = { ...input };
  if (out.component) {
    let c = out.component.replace(/^\/+/, '');
    if (c.startsWith('views/')) c = c.slice('views/'.length);
    if (c.endsWith('.vue')) c = c.slice(0, -'.vue'.length);
    out.component = c || null;
  }
  if (out.url && !/^(https?:\/\/|\{\{)/.test(out.url) && !out.url.startsWith('/')) out.url = `/${out.url}`;
  if (out.menuType === 0 && !out.component) out.component = 'layouts/RouteView';
  if (out.menuType === 0) out.parentId = null;
  return out;
}

/** The whole tree as tree-select nodes (role and department authorisation). */
export async function permissionTree(
  db: Queryable,
  t: Translate,
  onlyIds?: string[],
): Promise<{ treeList: PermissionTreeNode[]; ids: string[] }> {
  const rows = await db.query<{ id: string; parent_id: string | null; name: string; rule_flag: number }>(
    `select id, parent_id, name, rule_flag from sys_permission where del_flag = 0
       ${onlyIds ? 'and id = any($1::text[])' : ''} order by sort_no, id`,
    onlyIds ? [onlyIds] : [],
  );
  const ids = new Set(rows.map((r) => r.id));
  const nodes = new Map<string, PermissionTreeNode>(
    rows.map((r) => [
      r.id,
      { key: r.id, title: t(r.name), isLeaf: true, parentId: r.parent_id, ruleFlag: r.rule_flag },
    ]),
  );
  const roots: PermissionTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id && ids.has(r.parent_id) ? nodes.get(r.parent_id) : undefined;
    if (parent) {
      parent.isLeaf = false;
      parent.children = [...(parent.children ?? []), node];
    } else roots.push(node);
  }
  return { treeList: roots, ids: [...ids] };
}

const UNIQUE: UniqueMessages = [['perms', 'system.permission.perms_taken']];

/** The menu page: edits of sys_permission; every change reaches consoles at their next permission load. */
export class PermissionAdminService {
  constructor(
    private readonly db: Database,
    private readonly permissions: PermissionService,
  ) {}

  async all(t: Translate): Promise<PermissionRecord[]> {
    const rows = await this.db.query<PermissionRecord>(
      `select ${SELECT} from sys_permission p where p.del_flag = 0 order by p.sort_no, p.id`,
    );
    for (const row of rows) row.title = t(row.name);
    return rows;
  }

  async tree(t: Translate): Promise<PermissionRecord[]> {
    const rows = await this.all(t);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const roots: PermissionRecord[] = [];
    for (const row of rows) {
      const parent = row.parentId ? byId.get(row.parentId) : undefined;
      if (parent) parent.children = [...(parent.children ?? []), row];
      else roots.push(row);
    }
    return roots;
  }

  private async assertPermsFree(perms: string | null, exceptId = ''): Promise<void> {
    if (!perms) return;
    const [row] = await this.db.query(
      'select 1 from sys_permission where perms = $1 and del_flag = 0 and id <> $2',
      [perms, exceptId],
    );
    if (row) throw new AppError(409, 'system.permission.perms_taken');
  }

  private async assertParent(parentId: string | null, selfId?: string): Promise<void> {
    if (!parentId) return;
    if (parentId === selfId) throw new AppError(400, 'system.permission.bad_parent');
    // Walk up from the parent: reaching the row itself would make a cycle.
    let current: string | null = parentId;
    for (let depth = 0; current && depth < 50; depth++) {
      const rows: { parent_id: string | null }[] = await this.db.query<{ parent_id: string | null }>(
        'select parent_id from sys_permission where id = $1 and del_flag = 0',
        [current],
      );
      if (!rows[0] || (selfId && current === selfId)) throw new AppError(400, 'system.permission.bad_parent');
      current = rows[0].parent_id;
    }
  }

  async add(raw: Input): Promise<{ id: string }> {
    const input = normalise(raw);
    await this.assertPermsFree(input.perms);
    await this.assertParent(input.parentId);
    const id = await this.write(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into sys_permission (parent_id, name, url, component, component_name, redirect, menu_type, perms,
            perms_type, sort_no, always_show, icon, is_route, keep_alive, hidden, internal_or_external, status, description)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
        this.values(input),
      );
      if (input.parentId)
        await tx.query('update sys_permission set is_leaf = false where id = $1', [input.parentId]);
      return row!.id;
    });
    return { id };
  }

  async edit(id: string, raw: Input): Promise<void> {
    const input = normalise(raw);
    const [old] = await this.db.query<{ parent_id: string | null }>(
      'select parent_id from sys_permission where id = $1 and del_flag = 0',
      [id],
    );
    if (!old) throw notFound();
    await this.assertPermsFree(input.perms, id);
    await this.assertParent(input.parentId, id);
    await this.write(async (tx) => {
      await tx.query(
        `update sys_permission set parent_id = $1, name = $2, url = $3, component = $4, component_name = $5,
            redirect = $6, menu_type = $7, perms = $8, perms_type = $9, sort_no = $10, always_show = $11, icon = $12,
            is_route = $13, keep_alive = $14, hidden = $15, internal_or_external = $16, status = $17,
            description = $18, update_time = now()
          where id = $19`,
        [...this.values(input), id],
      );
      if (input.parentId)
        await tx.query('update sys_permission set is_leaf = false where id = $1', [input.parentId]);
      if (old.parent_id && old.parent_id !== input.parentId) await this.refreshLeaf(tx, old.parent_id);
    });
  }

  async delete(id: string): Promise<void> {
    const [row] = await this.db.query<{ parent_id: string | null }>(
      'select parent_id from sys_permission where id = $1 and del_flag = 0',
      [id],
    );
    if (!row) throw notFound();
    const [child] = await this.db.query(
      'select 1 from sys_permission where parent_id = $1 and del_flag = 0',
      [id],
    );
    if (child) throw new AppError(400, 'system.permission.has_children');
    await this.write(async (tx) => {
      await tx.query('delete from sys_permission where id = $1', [id]);
      if (row.parent_id) await this.refreshLeaf(tx, row.parent_id);
    });
  }

  private async refreshLeaf(tx: Queryable, id: string): Promise<void> {
    await tx.query(
      `update sys_permission set is_leaf = not exists (select 1 from sys_permission c where c.parent_id = $1 and c.del_flag = 0)
        where id = $1`,
      [id],
    );
  }

  private async write<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await mapUnique(() => this.db.transaction(work), UNIQUE);
    this.permissions.invalidate();
    return result;
  }

  private values(input: Input): unknown[] {
    return [
      input.parentId,
      input.name,
      input.url,
      input.component,
      input.componentName,
      input.redirect,
      input.menuType,
      input.perms,
      input.permsType,
      input.sortNo,
      input.alwaysShow,
      input.icon,
      input.route,
      input.keepAlive,
      input.hidden,
      input.internalOrExternal,
      input.status,
      input.description,
    ];
  }
}
