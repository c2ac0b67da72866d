import { expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../test/harness';

type Node = { id: string; orgCode: string; parentId: string | null; children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describeWithApp('depart: department administrators and moving departments', (ctx) => {
  const call = async (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx().request({ method, url: `/ics${url}`, headers: auth(token), ...(payload ? { payload } : {}) });

  let admin: string;
  let east: string;
  let eastTeam: string;
  let west: string;
  let boss: string;

  it('a department administrator (identity 2) sees and edits only the departments they manage', async () => {
    admin = await ctx().login();
    east = (await call(admin, 'POST', '/sys/sysDepart/add', { departName: '东区', parentId: 'dep-root' }))
      .body.result.id;
    eastTeam = (await call(admin, 'POST', '/sys/sysDepart/add', { departName: '东区一组', parentId: east }))
      .body.result.id;
    west = (await call(admin, 'POST', '/sys/sysDepart/add', { departName: '西区', parentId: 'dep-root' }))
      .body.result.id;
    // A role with the department page and its buttons, given to a department administrator of 东区.
    const role = await call(admin, 'POST', '/sys/role/add', {
      roleName: '部门负责人',
      roleCode: 'dept_boss',
    });
    await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role.body.result.id,
      permissionIds:
        'menu-system,menu-system-depart,btn-system-depart-add,btn-system-depart-edit,btn-system-depart-delete,btn-system-depart-authorize,menu-system-user',
    });
    const missing = await call(admin, 'POST', '/sys/user/add', {
      username: 'boss_east',
      realname: 'Boss',
      password: 'secret123',
      selectedroles: role.body.result.id,
      selecteddeparts: east,
      userIdentity: 2,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('部门负责人须选择负责的部门');
    const added = await call(admin, 'POST', '/sys/user/add', {
      username: 'boss_east',
      realname: 'Boss',
      password: 'secret123',
      selectedroles: role.body.result.id,
      selecteddeparts: 'dep-ops',
      userIdentity: 2,
      managedDepartIds: east,
    });
    expect(added.status, added.body.message).toBe(200);
    const record = (await call(admin, 'GET', `/sys/user/queryById?id=${added.body.result.id}`)).body.result;
    expect(record).toMatchObject({ userIdentity: 2, managedDepartIds: east, departIds: 'dep-ops' });
    boss = await ctx().login('boss_east', 'secret123');

    const tree = flatten((await call(boss, 'GET', '/sys/sysDepart/queryTreeList')).body.result);
    expect(tree.map((n) => n.id).sort()).toEqual([east, eastTeam].sort());
    const mine = flatten((await call(boss, 'GET', '/sys/sysDepart/queryMyDeptTreeList')).body.result);
    expect(mine.map((n) => n.id).sort()).toEqual([east, eastTeam].sort());
    expect((await call(boss, 'GET', '/sys/sysDepart/searchBy?keyWord=区')).body.result).toHaveLength(2);

    // Edits inside, refusals outside.
    const inside = await call(boss, 'PUT', '/sys/sysDepart/edit', { id: eastTeam, departName: '东区甲组' });
    expect(inside.status, inside.body.message).toBe(200);
    const outside = await call(boss, 'PUT', '/sys/sysDepart/edit', { id: west, departName: 'x' });
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe('无权操作您负责的部门以外的部门');
    expect((await call(boss, 'DELETE', `/sys/sysDepart/delete?id=${west}`)).status).toBe(403);
    expect((await call(boss, 'POST', '/sys/sysDepart/add', { departName: '顶级' })).status).toBe(403);
    expect(
      (await call(boss, 'POST', '/sys/sysDepart/add', { departName: '西区二组', parentId: west })).status,
    ).toBe(403);
    const child = await call(boss, 'POST', '/sys/sysDepart/add', { departName: '东区二组', parentId: east });
    expect(child.status).toBe(200);
    // Users: only those of the managed departments (the boss's own membership, 运维部, does not count).
    await call(admin, 'POST', '/sys/user/add', {
      username: 'east_worker',
      realname: 'E',
      password: 'secret123',
      selecteddeparts: eastTeam,
    });
    await call(admin, 'POST', '/sys/user/add', {
      username: 'west_worker',
      realname: 'W',
      password: 'secret123',
      selecteddeparts: west,
    });
    const users = (await call(boss, 'GET', '/sys/user/list?pageSize=100')).body.result.records.map(
      (u: { username: string }) => u.username,
    );
    expect(users).toContain('east_worker');
    expect(users).not.toContain('west_worker');
    const handOut = await call(boss, 'POST', '/sys/user/add', {
      username: 'west_new',
      realname: 'W',
      password: 'secret123',
      selecteddeparts: west,
    });
    expect(handOut.status).toBe(403);
  });

  it('scopes department roles, their grants and assignments to the managed departments', async () => {
    const inEast = await call(boss, 'POST', '/sys/sysDepartRole/add', {
      departId: east,
      roleName: '东区值班',
      roleCode: 'east_duty',
    });
    expect(inEast.status, inEast.body.message).toBe(200);
    const inWest = await call(admin, 'POST', '/sys/sysDepartRole/add', {
      departId: west,
      roleName: '西区值班',
      roleCode: 'west_duty',
    });
    expect(
      (
        await call(boss, 'POST', '/sys/sysDepartRole/add', {
          departId: west,
          roleName: '越权',
          roleCode: 'x1',
        })
      ).status,
    ).toBe(403);
    const listed = (await call(boss, 'GET', '/sys/sysDepartRole/list?pageSize=100')).body.result.records.map(
      (r: { roleCode: string }) => r.roleCode,
    );
    expect(listed).toEqual(['east_duty']);
    expect((await call(boss, 'DELETE', `/sys/sysDepartRole/delete?id=${inWest.body.result.id}`)).status).toBe(
      403,
    );
    expect(
      (
        await call(
          boss,
          'GET',
          `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${inWest.body.result.id}`,
        )
      ).status,
    ).toBe(403);
    // Department permissions: only what the boss holds.
    const beyond = await call(boss, 'POST', '/sys/permission/saveDepartPermission', {
      departId: east,
      permissionIds: 'menu-system,menu-system-log',
    });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe('不能授予您自己没有的权限');
    const own = await call(boss, 'POST', '/sys/permission/saveDepartPermission', {
      departId: east,
      permissionIds: 'menu-system,menu-system-depart',
    });
    expect(own.status, own.body.message).toBe(200);
    // Assigning: only members of the department.
    const workerId = (await call(admin, 'GET', '/sys/user/list?username=east_worker')).body.result.records[0]
      .id;
    const notMember = await call(boss, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: workerId,
      departId: east,
      roleIds: inEast.body.result.id,
    });
    expect(notMember.status).toBe(400);
    expect(notMember.body.message).toBe('该用户不属于此部门');
    await call(admin, 'PUT', '/sys/user/edit', {
      id: workerId,
      realname: 'E',
      selecteddeparts: `${east},${eastTeam}`,
    });
    const assigned = await call(boss, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: workerId,
      departId: east,
      roleIds: inEast.body.result.id,
    });
    expect(assigned.status, assigned.body.message).toBe(200);
    expect(
      (await call(boss, 'GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${workerId}&departId=${east}`))
        .body.result,
    ).toEqual([inEast.body.result.id]);
  });

  it('moves a department with its subtree, recomputing org codes, and refuses cycles', async () => {
    const codeOf = async (id: string) =>
      flatten((await call(admin, 'GET', '/sys/sysDepart/queryTreeList')).body.result).find(
        (n) => n.id === id,
      )!.orgCode;
    const eastCode = await codeOf(east);
    const teamCode = await codeOf(eastTeam);
    expect(teamCode.startsWith(eastCode)).toBe(true);
    await ctx().db.query("insert into sys_i18n (key, zh_cn, en_us) values ($1, '东区一组', 'East team 1')", [
      `depart.${teamCode}`,
    ]);

    const self = await call(admin, 'PUT', '/sys/sysDepart/edit', {
      id: east,
      departName: '东区',
      parentId: east,
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('不能把部门移动到它自己或它的下级部门之下');
    const below = await call(admin, 'PUT', '/sys/sysDepart/edit', {
      id: east,
      departName: '东区',
      parentId: eastTeam,
    });
    expect(below.body.errorCode).toBe('system.depart.cycle');
    // The boss cannot move their department out of their reach.
    expect(
      (
        await call(boss, 'PUT', '/sys/sysDepart/edit', {
          id: eastTeam,
          departName: '东区甲组',
          parentId: west,
        })
      ).status,
    ).toBe(403);

    const moved = await call(admin, 'PUT', '/sys/sysDepart/edit', {
      id: east,
      departName: '东区',
      parentId: west,
    });
    expect(moved.status, moved.body.message).toBe(200);
    const westCode = await codeOf(west);
    const newEast = await codeOf(east);
    const newTeam = await codeOf(eastTeam);
    expect(newEast).toBe(`${westCode}A01`);
    expect(newTeam).toBe(`${newEast}${teamCode.slice(eastCode.length)}`);
    const tree = flatten((await call(admin, 'GET', '/sys/sysDepart/queryTreeList')).body.result);
    expect(tree.find((n) => n.id === east)!.parentId).toBe(west);
    // Codes stay unique and the subtree's users, translations and the boss's reach follow.
    expect(new Set(tree.map((n) => n.orgCode)).size).toBe(tree.length);
    const [translated] = await ctx().db.query<{ en_us: string }>(
      'select en_us from sys_i18n where key = $1',
      [`depart.${newTeam}`],
    );
    expect(translated?.en_us).toBe('East team 1');
    const bossTree = flatten((await call(boss, 'GET', '/sys/sysDepart/queryTreeList')).body.result);
    expect(bossTree.map((n) => n.id)).toContain(eastTeam);
    expect(bossTree.map((n) => n.id)).not.toContain(west);
    // Back to the top level (administrators only), then a fresh code at the root.
    expect(
      (await call(boss, 'PUT', '/sys/sysDepart/edit', { id: east, departName: '东区', parentId: '' })).status,
    ).toBe(403);
    const top = await call(admin, 'PUT', '/sys/sysDepart/edit', {
      id: east,
      departName: '东区',
      parentId: '',
    });
    expect(top.status).toBe(200);
    expect(await codeOf(east)).toMatch(/^A\d{2}$/);
    // An edit that does not send parentId leaves the department where it is.
    await call(admin, 'PUT', '/sys/sysDepart/edit', { id: eastTeam, departName: '东区甲组' });
    expect((await codeOf(eastTeam)).startsWith(await codeOf(east))).toBe(true);
  });
  it('two opposite moves at once: one wins, the other is refused, and the tree keeps no cycle', async () => {
    const add = async (departName: string) =>
      (await call(admin, 'POST', '/sys/sysDepart/add', { departName, parentId: 'dep-root' })).body.result
        .id as string;
    const [north, south] = [await add('北区'), await add('南区')];
    const answers = await Promise.all([
      call(admin, 'PUT', '/sys/sysDepart/edit', { id: north, departName: '北区', parentId: south }),
      call(admin, 'PUT', '/sys/sysDepart/edit', { id: south, departName: '南区', parentId: north }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.errorCode).toBe('system.depart.cycle');
    // Following parents from any department reaches the top, and codes still encode the path.
    const tree = flatten((await call(admin, 'GET', '/sys/sysDepart/queryTreeList')).body.result);
    const byId = new Map(tree.map((n) => [n.id, n]));
    for (const node of tree) {
      const seen = new Set<string>();
      for (let at: Node | undefined = node; at?.parentId; at = byId.get(at.parentId)) {
        expect(seen.has(at.id)).toBe(false);
        seen.add(at.id);
        expect(at.orgCode.startsWith(byId.get(at.parentId)!.orgCode)).toBe(true);
      }
    }
    // Departments added at once under one parent get distinct codes.
    const added = await Promise.all(
      ['甲', '乙', '丙'].map((n) =>
        call(admin, 'POST', '/sys/sysDepart/add', { departName: n, parentId: north }),
      ),
    );
    expect(added.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(added.map((a) => a.body.result.orgCode)).size).toBe(3);
  });
});
