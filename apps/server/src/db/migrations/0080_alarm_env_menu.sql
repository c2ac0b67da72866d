-- Menu tree of sitemap.md for fault alarms (/alarm: list, rules, work orders) and environment
-- monitoring (/env: sensors, history), with their marks. The sensor list mark that 0040 seeded
-- without a page moves under its page.
insert into sys_permission (id, parent_id, name, url, component, component_name, menu_type, perms, sort_no, icon, is_leaf) values
  ('menu-env', null, 'menu.env', '/env', 'layouts/RouteView', null, 0, null, 50, 'cloud', false),
  ('menu-env-sensor', 'menu-env', 'menu.env.sensor', '/env/sensor', 'env/SensorList', 'SensorList', 1, null, 1, null, false),
  ('menu-env-history', 'menu-env', 'menu.env.history', '/env/history', 'env/History', 'History', 1, null, 2, null, false),
  ('menu-alarm', null, 'menu.alarm', '/alarm', 'layouts/RouteView', null, 0, null, 60, 'alert', false),
  ('menu-alarm-list', 'menu-alarm', 'menu.alarm.list', '/alarm/list', 'alarm/AlarmList', 'AlarmList', 1, null, 1, null, false),
  ('menu-alarm-rule', 'menu-alarm', 'menu.alarm.rule', '/alarm/rule', 'alarm/RuleList', 'RuleList', 1, null, 2, null, false),
  ('menu-alarm-workorder', 'menu-alarm', 'menu.alarm.workorder', '/alarm/workorder', 'alarm/WorkOrderList', 'WorkOrderList', 1, null, 3, null, false),
  ('btn-env-threshold-edit', 'menu-env-sensor', 'perm.env.threshold.edit', null, null, null, 2, 'env:threshold:edit', 2, null, true),
  ('btn-env-history-list', 'menu-env-history', 'perm.env.history.list', null, null, null, 2, 'env:history:list', 1, null, true),
  ('btn-env-history-export', 'menu-env-history', 'perm.env.history.export', null, null, null, 2, 'env:history:export', 2, null, true),
  ('btn-alarm-alarm-list', 'menu-alarm-list', 'perm.alarm.alarm.list', null, null, null, 2, 'alarm:alarm:list', 1, null, true),
  ('btn-alarm-alarm-ack', 'menu-alarm-list', 'perm.alarm.alarm.ack', null, null, null, 2, 'alarm:alarm:ack', 2, null, true),
  ('btn-alarm-alarm-resolve', 'menu-alarm-list', 'perm.alarm.alarm.resolve', null, null, null, 2, 'alarm:alarm:resolve', 3, null, true),
  ('btn-alarm-alarm-export', 'menu-alarm-list', 'perm.alarm.alarm.export', null, null, null, 2, 'alarm:alarm:export', 4, null, true),
  ('btn-alarm-rule-list', 'menu-alarm-rule', 'perm.alarm.rule.list', null, null, null, 2, 'alarm:rule:list', 1, null, true),
  ('btn-alarm-rule-edit', 'menu-alarm-rule', 'perm.alarm.rule.edit', null, null, null, 2, 'alarm:rule:edit', 2, null, true),
  ('btn-alarm-workorder-list', 'menu-alarm-workorder', 'perm.alarm.workorder.list', null, null, null, 2, 'alarm:workorder:list', 1, null, true),
  ('btn-alarm-workorder-add', 'menu-alarm-workorder', 'perm.alarm.workorder.add', null, null, null, 2, 'alarm:workorder:add', 2, null, true),
  ('btn-alarm-workorder-edit', 'menu-alarm-workorder', 'perm.alarm.workorder.edit', null, null, null, 2, 'alarm:workorder:edit', 3, null, true),
  ('btn-alarm-workorder-assign', 'menu-alarm-workorder', 'perm.alarm.workorder.assign', null, null, null, 2, 'alarm:workorder:assign', 4, null, true)
on conflict (id) do nothing;

update sys_permission set parent_id = 'menu-env-sensor', sort_no = 1 where id = 'perm-env-sensor-list';

insert into sys_i18n (key, zh_cn, en_us) values
  ('menu.env', '环境监测', 'Environment'),
  ('menu.env.sensor', '传感器', 'Sensors'),
  ('menu.env.history', '历史数据', 'History'),
  ('menu.alarm', '故障报警', 'Fault alarms'),
  ('menu.alarm.list', '报警列表', 'Alarms'),
  ('menu.alarm.rule', '报警规则', 'Alarm rules'),
  ('menu.alarm.workorder', '工单', 'Work orders'),
  ('perm.env.threshold.edit', '阈值设置', 'Edit sensor thresholds'),
  ('perm.env.history.list', '历史数据查看', 'View sensor history'),
  ('perm.env.history.export', '历史数据导出', 'Export sensor history'),
  ('perm.alarm.alarm.list', '报警查看', 'View alarms'),
  ('perm.alarm.alarm.ack', '报警确认', 'Acknowledge alarms'),
  ('perm.alarm.alarm.resolve', '报警处理', 'Resolve alarms'),
  ('perm.alarm.alarm.export', '报警导出', 'Export alarms'),
  ('perm.alarm.rule.list', '报警规则查看', 'View alarm rules'),
  ('perm.alarm.rule.edit', '报警规则编辑', 'Edit alarm rules and webhooks'),
  ('perm.alarm.workorder.list', '工单查看', 'View work orders'),
  ('perm.alarm.workorder.add', '工单新增', 'Add work orders'),
  ('perm.alarm.workorder.edit', '工单编辑', 'Edit work orders'),
  ('perm.alarm.workorder.assign', '工单派发', 'Assign work orders')
on conflict (key) do nothing;

-- Administrators hold every mark anyway; the rows make the grant visible in the role tree.
insert into sys_role_permission (role_id, permission_id)
select 'role-admin', p.id from sys_permission p
 where p.del_flag = 0 and (p.id like 'menu-env%' or p.id like 'menu-alarm%' or p.id like 'btn-env-%'
   or p.id like 'btn-alarm-%' or p.id = 'perm-env-sensor-list')
on conflict do nothing;

-- operator: the menus, every list with its export, acknowledging and resolving alarms and the
-- whole work-order flow; rules and thresholds stay with administrators. viewer: menus and lists.
insert into sys_role_permission (role_id, permission_id)
select 'role-operator', p.id from sys_permission p
 where p.del_flag = 0 and (p.id like 'menu-env%' or p.id like 'menu-alarm%' or p.id = 'perm-env-sensor-list'
   or p.perms in ('env:history:list', 'env:history:export', 'alarm:alarm:list', 'alarm:alarm:ack',
     'alarm:alarm:resolve', 'alarm:alarm:export', 'alarm:rule:list', 'alarm:workorder:list',
     'alarm:workorder:add', 'alarm:workorder:edit', 'alarm:workorder:assign'))
on conflict do nothing;
insert into sys_role_permission (role_id, permission_id)
select 'role-viewer', p.id from sys_permission p
 where p.del_flag = 0 and (p.id like 'menu-env%' or p.id like 'menu-alarm%' or p.id = 'perm-env-sensor-list'
   or p.perms in ('env:history:list', 'alarm:alarm:list', 'alarm:rule:list', 'alarm:workorder:list'))
on conflict do nothing;
