-- Export buttons of the lighting lists (sitemap.md's `export` action): gateways, poles, lamps
-- (with their live values), groups, cabinets, strategies and the command log.
insert into sys_permission (id, parent_id, name, url, component, component_name, menu_type, perms, sort_no, icon, is_leaf) values
  ('btn-lighting-gateway-export', 'menu-lighting-gateway', 'perm.lighting.gateway.export', null, null, null, 2, 'lighting:gateway:export', 20, null, true),
  ('btn-lighting-pole-export', 'menu-lighting-pole', 'perm.lighting.pole.export', null, null, null, 2, 'lighting:pole:export', 20, null, true),
  ('btn-lighting-lamp-export', 'menu-lighting-lamp', 'perm.lighting.lamp.export', null, null, null, 2, 'lighting:lamp:export', 20, null, true),
  ('btn-lighting-group-export', 'menu-lighting-group', 'perm.lighting.group.export', null, null, null, 2, 'lighting:group:export', 20, null, true),
  ('btn-lighting-cabinet-export', 'menu-lighting-cabinet', 'perm.lighting.cabinet.export', null, null, null, 2, 'lighting:cabinet:export', 20, null, true),
  ('btn-lighting-strategy-export', 'menu-lighting-strategy', 'perm.lighting.strategy.export', null, null, null, 2, 'lighting:strategy:export', 20, null, true),
  ('btn-lighting-command-export', 'menu-lighting-command', 'perm.lighting.command.export', null, null, null, 2, 'lighting:command:export', 20, null, true)
on conflict (id) do nothing;

insert into sys_i18n (key, zh_cn, en_us) values
  ('perm.lighting.gateway.export', '网关导出', 'Export gateways'),
  ('perm.lighting.pole.export', '灯杆导出', 'Export poles'),
  ('perm.lighting.lamp.export', '单灯导出', 'Export lamps'),
  ('perm.lighting.group.export', '分组导出', 'Export groups'),
  ('perm.lighting.cabinet.export', '配电柜导出', 'Export cabinets'),
  ('perm.lighting.strategy.export', '策略导出', 'Export strategies'),
  ('perm.lighting.command.export', '指令记录导出', 'Export the command log')
on conflict (key) do nothing;

-- Whoever may see a list may export it: roles, department grants and department roles that
-- hold the list's mark get its export button (operators and viewers among them).
insert into sys_role_permission (role_id, permission_id)
select rp.role_id, e.export_id
  from sys_role_permission rp
  join (values ('perm-lighting-gateway-list', 'btn-lighting-gateway-export'), ('perm-lighting-pole-list', 'btn-lighting-pole-export'),
        ('perm-lighting-lamp-list', 'btn-lighting-lamp-export'), ('btn-lighting-group-list', 'btn-lighting-group-export'),
        ('btn-lighting-cabinet-list', 'btn-lighting-cabinet-export'), ('btn-lighting-strategy-list', 'btn-lighting-strategy-export'),
        ('perm-lighting-command-list', 'btn-lighting-command-export')) as e (list_id, export_id) on e.list_id = rp.permission_id
on conflict do nothing;

insert into sys_depart_permission (depart_id, permission_id)
select dp.depart_id, e.export_id
  from sys_depart_permission dp
  join (values ('perm-lighting-gateway-list', 'btn-lighting-gateway-export'), ('perm-lighting-pole-list', 'btn-lighting-pole-export'),
        ('perm-lighting-lamp-list', 'btn-lighting-lamp-export'), ('btn-lighting-group-list', 'btn-lighting-group-export'),
        ('btn-lighting-cabinet-list', 'btn-lighting-cabinet-export'), ('btn-lighting-strategy-list', 'btn-lighting-strategy-export'),
        ('perm-lighting-command-list', 'btn-lighting-command-export')) as e (list_id, export_id) on e.list_id = dp.permission_id
on conflict do nothing;

insert into sys_depart_role_permission (depart_id, role_id, permission_id)
select drp.depart_id, drp.role_id, e.export_id
  from sys_depart_role_permission drp
  join (values ('perm-lighting-gateway-list', 'btn-lighting-gateway-export'), ('perm-lighting-pole-list', 'btn-lighting-pole-export'),
        ('perm-lighting-lamp-list', 'btn-lighting-lamp-export'), ('btn-lighting-group-list', 'btn-lighting-group-export'),
        ('btn-lighting-cabinet-list', 'btn-lighting-cabinet-export'), ('btn-lighting-strategy-list', 'btn-lighting-strategy-export'),
        ('perm-lighting-command-list', 'btn-lighting-command-export')) as e (list_id, export_id) on e.list_id = drp.permission_id
on conflict do nothing;
