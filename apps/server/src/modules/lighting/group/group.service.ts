import type {
  GroupDto,
  groupBodySchema,
  groupEditSchema,
  groupListQuerySchema,
  Page,
} from '@ics/contract/server';
import { toPage } from '@ics/contract/server';
import type { z } from 'zod';
import type { LampMembers, LampService } from '../lamp/lamp.service';
import type { LightingAccess } from '../lighting-access';
import { conflictOnUnique } from '../unique-conflict';
import type { GroupRepository } from './group.repository';

type Q<S extends z.ZodType> = z.output<S>;

/** Lamp groups: named sets of lamps of one project, controlled together and targeted by strategies. */
export class GroupService {
  constructor(
    private readonly repo: GroupRepository,
    private readonly access: LightingAccess,
    private readonly lamps: LampService,
  ) {
    this.members = lamps.members('group', async (userId, id) => (await this.get(userId, id)).projectId);
  }

  /** The lamps of a group. */
  readonly members: LampMembers;

  async list(userId: string, q: Q<typeof groupListQuerySchema>): Promise<Page<GroupDto>> {
    const { rows, total } = await this.repo.list(await this.access.scopeOf(userId), q);
    return toPage(rows, total, q.pageNo, q.pageSize);
  }

  async get(userId: string, id: string): Promise<GroupDto> {
    return this.access.own(userId, await this.repo.group(id), 'lighting.group_not_found');
  }

  async add(userId: string, username: string, b: Q<typeof groupBodySchema>): Promise<GroupDto> {
    await this.access.assertProject(userId, b.projectId);
    const lamps = await this.access.assertLamps(b.projectId, b.lampIds);
    const id = await conflictOnUnique(
      () =>
        this.repo.insert(
          { projectId: b.projectId, name: b.name, remark: b.remark ?? null },
          username,
          (tx, id) => this.lamps.add({ of: 'group', id }, lamps, tx),
        ),
      'lighting.group_name_taken',
      { name: b.name },
    );
    return (await this.repo.group(id))!;
  }

  async edit(userId: string, b: Q<typeof groupEditSchema>): Promise<GroupDto> {
    const cur = await this.get(userId, b.id);
    await conflictOnUnique(
      () =>
        this.repo.update({
          id: b.id,
          name: b.name ?? cur.name,
          remark: b.remark === undefined ? cur.remark : b.remark,
        }),
      'lighting.group_name_taken',
      { name: String(b.name) },
    );
    return (await this.repo.group(b.id))!;
  }

  async delete(userId: string, ids: string[]): Promise<void> {
    await this.repo.delete(await this.access.scopeOf(userId), ids);
  }
}
