import type { PermissionRecord, PermissionTreeNode } from '@ics/contract/server';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { Translate } from '../i18n';
import { grantTree } from './menu-tree';
import type { MenuInput, PermissionRepository } from './permission.repository';
import type { PermissionService } from './permission.service';

/** Upstream PermissionDataUtil: component without '/', 'views/' or '.vue'; url with a leading '/'. */
function normalise(input: MenuInput): MenuInput {
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

const UNIQUE: UniqueMessages = [['perms', 'system.permission.perms_taken']];

/** The menu page: edits of menus, pages and buttons; every change reaches consoles at their next permission load. */
export class MenuService {
  constructor(
    private readonly repo: PermissionRepository,
    private readonly permissions: PermissionService,
  ) {}

  async all(t: Translate): Promise<PermissionRecord[]> {
    const rows = await this.repo.records();
    // JeecgBoot consoles show `name`: the display name; the stored key stays in `nameKey`.
    for (const row of rows) {
      row.nameKey = row.name;
      row.title = t(row.name);
      row.name = row.title;
    }
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

  /** The children of `parentId` (null: the top level) as tree-select nodes, for trees that load level by level. */
  async treeLevel(t: Translate, parentId: string | null): Promise<PermissionTreeNode[]> {
    const rows = await this.all(t);
    const parents = new Set(rows.map((r) => r.parentId));
    return rows
      .filter((r) => (r.parentId ?? null) === parentId)
      .map((r) => ({
        key: r.id,
        title: r.title,
        isLeaf: !parents.has(r.id),
        parentId: r.parentId,
        ruleFlag: r.ruleFlag,
      }));
  }

  /** The live permissions (only `onlyIds` when given) as the tree roles and departments are granted from. */
  async grantTree(
    t: Translate,
    onlyIds?: string[],
  ): Promise<{ treeList: PermissionTreeNode[]; ids: string[] }> {
    return grantTree(await this.repo.treeRows(onlyIds), t);
  }

  private async assertPermsFree(perms: string | null, exceptId = ''): Promise<void> {
    if (perms && (await this.repo.isPermsTaken(perms, exceptId)))
      throw new AppError(409, 'system.permission.perms_taken');
  }

  private async assertParent(parentId: string | null, selfId?: string): Promise<void> {
    if (!parentId) return;
    if (parentId === selfId) throw new AppError(400, 'system.permission.bad_parent');
    // Walk up from the parent: reaching the row itself would make a cycle.
    let current: string | null = parentId;
    for (let depth = 0; current && depth < 50; depth++) {
      const parent: string | null | undefined = await this.repo.parentOf(current);
      if (parent === undefined || (selfId && current === selfId))
        throw new AppError(400, 'system.permission.bad_parent');
      current = parent;
    }
  }

  async add(raw: MenuInput): Promise<{ id: string }> {
    const input = normalise(raw);
    await this.assertPermsFree(input.perms);
    await this.assertParent(input.parentId);
    const id = await mapUnique(() => this.repo.insert(input), UNIQUE);
    this.permissions.invalidate();
    return { id };
  }

  async edit(id: string, raw: MenuInput): Promise<void> {
    const input = normalise(raw);
    const oldParentId = await this.repo.parentOf(id);
    if (oldParentId === undefined) throw notFound();
    await this.assertPermsFree(input.perms, id);
    await this.assertParent(input.parentId, id);
    await mapUnique(() => this.repo.update(id, input, oldParentId), UNIQUE);
    this.permissions.invalidate();
  }

  async delete(id: string): Promise<void> {
    const parentId = await this.repo.parentOf(id);
    if (parentId === undefined) throw notFound();
    if (await this.repo.hasChildren(id)) throw new AppError(400, 'system.permission.has_children');
    await mapUnique(() => this.repo.delete(id, parentId), UNIQUE);
    this.permissions.invalidate();
  }
}
