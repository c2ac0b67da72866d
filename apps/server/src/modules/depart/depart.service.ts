import type {
  DepartIdNode,
  DepartRecord,
  DepartTreeNode,
  departAddSchema,
  departEditSchema,
  Language,
} from '@ics/contract/server';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { Caller } from '../../http/routes';
import { AppError, notFound } from '../../lib/errors';
import type { Listeners } from '../../lib/listeners';
import type { I18nService } from '../i18n';
import type { DepartRepository } from './depart.repository';
import type { DepartReach } from './depart-reach';
import type { DepartRoleRepository } from './depart-role.repository';

/** What the department module asks of the user module, which implements it (users belong to departments). */
export type DepartUsers = {
  /** The departments `caller` may administer. */
  reachOf(caller: Caller): Promise<DepartReach>;
  isMember(userId: string, departId: string): Promise<boolean>;
  hasMembers(departId: string): Promise<boolean>;
  /** Follows a move in the mover's transaction: org codes under `from` now start with `to`. */
  recodeOrgCodes(tx: Queryable, from: string, to: string): Promise<void>;
};

/**
 * Departments, their roles or what they grant changed; `userId` when only the department
 * roles that user holds did.
 */
export type DepartChange = { userId?: string };

/** Departments: a tree whose org codes encode the path (A01, A01A03, ...), administered within the caller's reach. */
export class DepartService {
  constructor(
    private readonly repo: DepartRepository,
    private readonly grants: DepartRoleRepository,
    private readonly users: DepartUsers,
    private readonly i18n: I18nService,
    private readonly changed: Listeners<DepartChange>,
  ) {}

  /** Calls `listener` after departments, department roles or what they grant changed. */
  onChanged(listener: (change: DepartChange) => void): void {
    this.changed.add(listener);
  }

  reachOf(caller: Caller): Promise<DepartReach> {
    return this.users.reachOf(caller);
  }

  /** Refuses (403) departments outside the caller's reach; unknown ids count as outside. */
  async assertInReach(caller: Caller, departIds: string[]): Promise<void> {
    if (departIds.length === 0) return;
    const reach = await this.reachOf(caller);
    if (!reach.all && (await this.repo.countWithinReach(departIds, reach)) !== new Set(departIds).size)
      throw new AppError(403, 'system.depart.out_of_scope');
  }

  private async nodes(lang: Language, rows: DepartRecord[]): Promise<DepartTreeNode[]> {
    const local = await this.i18n.localizer(lang);
    return rows.map((r) => {
      const name = local(`depart.${r.orgCode}`, r.departName);
      return { ...r, departName: name, key: r.id, value: r.id, title: name, isLeaf: true };
    });
  }

  private static toTree(nodes: DepartTreeNode[]): DepartTreeNode[] {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const roots: DepartTreeNode[] = [];
    for (const node of nodes) {
      const parent = node.parentId ? byId.get(node.parentId) : undefined;
      if (parent) {
        parent.isLeaf = false;
        parent.children = [...(parent.children ?? []), node];
      } else roots.push(node);
    }
    return roots;
  }

  /** The departments the caller reaches, as a tree (the subtrees a department administrator manages). */
  async tree(caller: Caller, lang: Language): Promise<DepartTreeNode[]> {
    const reach = await this.reachOf(caller);
    return DepartService.toTree(await this.nodes(lang, await this.repo.rows(reach)));
  }

  /** Every department, whatever the caller administers (pickers that link records to departments). */
  async wholeTree(lang: Language): Promise<DepartTreeNode[]> {
    return DepartService.toTree(await this.nodes(lang, await this.repo.rows({ all: true })));
  }

  async idTree(caller: Caller, lang: Language): Promise<DepartIdNode[]> {
    const strip = (n: DepartTreeNode): DepartIdNode => ({
      key: n.key,
      value: n.value,
      title: n.title,
      isLeaf: n.isLeaf,
      ...(n.children ? { children: n.children.map(strip) } : {}),
    });
    return (await this.tree(caller, lang)).map(strip);
  }

  async search(caller: Caller, lang: Language, keyWord: string): Promise<DepartTreeNode[]> {
    if (!keyWord.trim()) return this.tree(caller, lang);
    return this.nodes(lang, await this.repo.rows(await this.reachOf(caller), keyWord.trim()));
  }

  /** Adds a department; a department administrator adds only below the departments they manage. */
  async add(caller: Caller, input: z.output<typeof departAddSchema>): Promise<DepartRecord> {
    if (input.parentId) await this.assertInReach(caller, [input.parentId]);
    else if (!(await this.reachOf(caller)).all) throw new AppError(403, 'system.depart.top_level_admin_only');
    const added = await this.repo.insert(input);
    await this.changed.emit({});
    return added;
  }

  /** Edits the department's own fields; a changed parent moves it first, with its subtree. */
  async edit(caller: Caller, input: z.output<typeof departEditSchema>): Promise<void> {
    await this.assertInReach(caller, [input.id]);
    const parentId = input.parentId;
    if (parentId) await this.assertInReach(caller, [parentId]);
    else if (parentId === null && !(await this.reachOf(caller)).all) {
      if ((await this.repo.parentOf(input.id))?.parent_id)
        throw new AppError(403, 'system.depart.top_level_admin_only');
    }
    if (parentId !== undefined)
      await this.repo.move(input.id, parentId, async (tx, from, to) => {
        await this.users.recodeOrgCodes(tx, from, to);
        await this.i18n.moveKeys(tx, `depart.${from}`, `depart.${to}`);
      });
    if (!(await this.repo.update(input))) throw notFound();
    await this.changed.emit({});
  }

  /** Deletes departments that have neither users nor children outside the batch. */
  async remove(caller: Caller, ids: string[]): Promise<void> {
    await this.assertInReach(caller, ids);
    for (const id of ids) {
      const name = await this.repo.nameOf(id);
      if (name === undefined) throw notFound();
      if (await this.repo.hasChildren(id, ids))
        throw new AppError(400, 'system.depart.has_children', { name });
      if (await this.users.hasMembers(id)) throw new AppError(400, 'system.depart.has_users', { name });
    }
    await this.repo.delete(ids);
    await this.changed.emit({});
  }

  /** The permissions department `departId` may hand on to its roles. */
  async permissionIds(caller: Caller, departId: string): Promise<string[]> {
    await this.assertInReach(caller, [departId]);
    return this.grants.departPermissionIds(departId);
  }

  /**
   * Sets what the department may hand on (existing permissions the caller may grant, checked by
   * the permission module); its roles keep only what it still may.
   */
  async setPermissions(departId: string, permissionIds: string[]): Promise<void> {
    await this.grants.setDepartPermissions(departId, permissionIds);
  }

  async exists(departId: string): Promise<boolean> {
    return this.repo.exists(departId);
  }
}
