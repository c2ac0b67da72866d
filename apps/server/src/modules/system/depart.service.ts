import type {
  DepartIdNode,
  DepartRecord,
  DepartTreeNode,
  departAddSchema,
  departEditSchema,
  Language,
} from '@ics/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { formatTime } from '../../http/list-query';
import { AppError } from '../../lib/errors';
import type { I18nService } from './i18n.service';
import { notFound, uniqueConstraint } from './system.shared';

const SELECT = `d.id, d.parent_id as "parentId", d.depart_name as "departName", d.org_code as "orgCode",
  d.org_type as "orgType", d.depart_order as "departOrder", d.description, d.status,
  ${formatTime('d.create_time')} as "createTime"`;

/** Departments: a tree whose org codes encode the path (A01, A01A03, ...). */
export class DepartService {
  constructor(
    private readonly db: Database,
    private readonly i18n: I18nService,
  ) {}

  private async rows(lang: Language, where = '', params: unknown[] = []): Promise<DepartTreeNode[]> {
    const rows = await this.db.query<DepartRecord>(
      `select ${SELECT} from sys_depart d where d.del_flag = 0 ${where} order by d.depart_order, d.org_code`,
      params,
    );
    const t = await this.i18n.translator(lang);
    return rows.map((r) => ({
      ...r,
      key: r.id,
      value: r.id,
      title: lang === 'en-US' ? t(`depart.${r.orgCode}`, r.departName) : r.departName,
      isLeaf: true,
    }));
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

  async tree(lang: Language): Promise<DepartTreeNode[]> {
    return DepartService.toTree(await this.rows(lang));
  }

  async idTree(lang: Language): Promise<DepartIdNode[]> {
    const strip = (n: DepartTreeNode): DepartIdNode => ({
      key: n.key,
      value: n.value,
      title: n.title,
      isLeaf: n.isLeaf,
      ...(n.children ? { children: n.children.map(strip) } : {}),
    });
    return (await this.tree(lang)).map(strip);
  }

  async search(lang: Language, keyWord: string): Promise<DepartTreeNode[]> {
    if (!keyWord.trim()) return this.tree(lang);
    return this.rows(lang, `and d.depart_name ilike '%' || $1 || '%'`, [
      keyWord.trim().replace(/[\\%_]/g, '\\$&'),
    ]);
  }

  /** The caller's departments and everything below them, as a tree. */
  async mine(userId: string, lang: Language): Promise<DepartTreeNode[]> {
    return DepartService.toTree(
      await this.rows(
        lang,
        `and exists (select 1 from sys_user_depart my join sys_depart md on md.id = my.dep_id
                      where my.user_id = $1 and d.org_code like md.org_code || '%')`,
        [userId],
      ),
    );
  }

  /** Next free code under the parent: parent code + 'A' + two digits. */
  private async nextOrgCode(parentCode: string | null): Promise<string> {
    const prefix = parentCode ?? '';
    const rows = await this.db.query<{ org_code: string }>(
      `select org_code from sys_depart where org_code like $1 || 'A%' and length(org_code) = length($1) + 3`,
      [prefix],
    );
    const used = rows
      .map((r) => Number(r.org_code.slice(prefix.length + 1)))
      .filter((n) => Number.isInteger(n));
    const next = (used.length ? Math.max(...used) : 0) + 1;
    return `${prefix}A${String(next).padStart(2, '0')}`;
  }

  async add(input: z.output<typeof departAddSchema>): Promise<DepartRecord> {
    let parentCode: string | null = null;
    if (input.parentId) {
      const [parent] = await this.db.query<{ org_code: string }>(
        'select org_code from sys_depart where id = $1 and del_flag = 0',
        [input.parentId],
      );
      if (!parent) throw new AppError(400, 'system.depart.bad_parent');
      parentCode = parent.org_code;
    }
    // Two departments added at once may pick the same code: the unique index refuses one, which retries.
    for (let attempt = 0; ; attempt++) {
      const orgCode = await this.nextOrgCode(parentCode);
      try {
        const [row] = await this.db.query<DepartRecord>(
          `insert into sys_depart as d (parent_id, depart_name, org_code, org_type, depart_order, description, status)
           values ($1, $2, $3, $4, $5, $6, $7) returning ${SELECT}`,
          [
            input.parentId,
            input.departName,
            orgCode,
            input.orgType ?? (input.parentId ? '2' : '1'),
            input.departOrder,
            input.description,
            input.status,
          ],
        );
        return row!;
      } catch (error) {
        if (uniqueConstraint(error) === undefined || attempt >= 5) throw error;
      }
    }
  }

  /** Edits the department's own fields; its place in the tree (and so its code) stays. */
  async edit(input: z.output<typeof departEditSchema>): Promise<void> {
    const rows = await this.db.query(
      `update sys_depart set depart_name = $2, org_type = coalesce($3, org_type), depart_order = $4, description = $5,
              status = $6, update_time = now()
        where id = $1 and del_flag = 0 returning id`,
      [input.id, input.departName, input.orgType ?? null, input.departOrder, input.description, input.status],
    );
    if (rows.length === 0) throw notFound();
  }

  async delete(ids: string[]): Promise<void> {
    for (const id of ids) {
      const [dep] = await this.db.query<{ depart_name: string }>(
        'select depart_name from sys_depart where id = $1 and del_flag = 0',
        [id],
      );
      if (!dep) throw notFound();
      const [child] = await this.db.query(
        'select 1 from sys_depart where parent_id = $1 and del_flag = 0 and not (id = any($2::text[]))',
        [id, ids],
      );
      if (child) throw new AppError(400, 'system.depart.has_children', { name: dep.depart_name });
      const [user] = await this.db.query(
        `select 1 from sys_user_depart ud join sys_user u on u.id = ud.user_id and u.del_flag = 0 where ud.dep_id = $1`,
        [id],
      );
      if (user) throw new AppError(400, 'system.depart.has_users', { name: dep.depart_name });
    }
    await this.db.transaction(async (tx) => {
      // Children first (a batch may hold a parent and its children).
      const ordered = await tx.query<{ id: string }>(
        'select id from sys_depart where id = any($1::text[]) order by length(org_code) desc',
        [ids],
      );
      for (const { id } of ordered) {
        await tx.query('delete from sys_user_depart where dep_id = $1', [id]);
        await tx.query('delete from sys_depart where id = $1', [id]);
      }
    });
  }
}
