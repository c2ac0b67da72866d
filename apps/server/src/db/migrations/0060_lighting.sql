-- Street lighting: project → area → road hierarchy for poles, lamp groups, distribution
-- cabinets and their circuits, batch control jobs, manual overrides, strategies with their
-- execution log, the schedule each gateway should hold, and the menu tree of sitemap.md.

create table lighting_area (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  name text not null,
  code text,
  sort_no integer not null default 0,
  create_by text,
  create_time timestamptz not null default now()
);
create unique index lighting_area_name_uq on lighting_area (project_id, name);

create table lighting_road (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  area_id text not null references lighting_area (id) on delete cascade,
  name text not null,
  sort_no integer not null default 0,
  create_by text,
  create_time timestamptz not null default now()
);
create unique index lighting_road_name_uq on lighting_road (area_id, name);
create index lighting_road_project_idx on lighting_road (project_id);

alter table dev_pole add column road_id text references lighting_road (id) on delete set null;
create index dev_pole_road_idx on dev_pole (road_id);
create index dev_pole_project_road_idx on dev_pole (project_id, road);

-- Protocol feature negotiation (hello.features) and multi-device commands: the rows of one
-- multi-device message share its id in message_id.
alter table dev_gateway add column features text[] not null default '{}';
alter table dev_command add column message_id text;
create index dev_command_message_idx on dev_command (message_id, device_address) where message_id is not null;

-- The lamp list over 100k lamps: filters and sorts served by indexes.
create index dev_device_kind_gateway_addr_idx on dev_device (kind, gateway_id, address);
create index dev_device_kind_project_name_idx on dev_device (kind, project_id, name);
create index dev_device_kind_time_idx on dev_device (kind, create_time desc);
create index dev_state_faulty_idx on dev_state (device_id) where jsonb_array_length(faults) > 0;
create index dev_state_offline_idx on dev_state (device_id) where not online;

create table lighting_group (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  name text not null,
  remark text,
  create_by text,
  create_time timestamptz not null default now(),
  update_time timestamptz
);
create unique index lighting_group_name_uq on lighting_group (project_id, name);

create table lighting_group_lamp (
  group_id text not null references lighting_group (id) on delete cascade,
  device_id text not null references dev_device (id) on delete cascade,
  primary key (group_id, device_id)
);
create index lighting_group_lamp_device_idx on lighting_group_lamp (device_id);

create table lighting_cabinet (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  code text not null,
  name text not null,
  gateway_id text references dev_gateway (id) on delete set null,
  pole_id text references dev_pole (id) on delete set null,
  longitude double precision,
  latitude double precision,
  remark text,
  create_by text,
  create_time timestamptz not null default now(),
  update_time timestamptz
);
create unique index lighting_cabinet_code_uq on lighting_cabinet (project_id, code);

create table lighting_circuit (
  id text primary key default gen_random_uuid()::text,
  cabinet_id text not null references lighting_cabinet (id) on delete cascade,
  project_id text not null,
  channel integer not null,
  name text not null,
  -- The last switch command: its target state and command (its status is the outcome).
  last_on boolean,
  last_command_id text,
  last_job_id text,
  create_time timestamptz not null default now()
);
create unique index lighting_circuit_channel_uq on lighting_circuit (cabinet_id, channel);

create table lighting_circuit_lamp (
  device_id text primary key references dev_device (id) on delete cascade,
  circuit_id text not null references lighting_circuit (id) on delete cascade
);
create index lighting_circuit_lamp_circuit_idx on lighting_circuit_lamp (circuit_id);

-- A batch control: its commands are the dev_command rows with batch_id = id.
create table lighting_job (
  id text primary key,
  source text not null,
  action text not null,
  level integer,
  until timestamptz,
  total integer not null default 0,
  rejected jsonb not null default '[]'::jsonb,
  project_ids text[] not null default '{}',
  create_by text,
  create_user_id text,
  create_time timestamptz not null default now()
);
create index lighting_job_time_idx on lighting_job (create_time desc);

-- Manual overrides with an end time: strategies leave these lamps alone until `until`.
create table lighting_override (
  device_id text primary key references dev_device (id) on delete cascade,
  project_id text not null,
  level integer not null,
  until timestamptz not null,
  job_id text,
  create_time timestamptz not null default now()
);
create index lighting_override_until_idx on lighting_override (until);

create table lighting_strategy (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  name text not null,
  priority integer not null default 0,
  enabled boolean not null default true,
  start_date date,
  end_date date,
  weekdays integer[] not null default '{1,2,3,4,5,6,7}',
  actions jsonb not null,
  fallback_level integer,
  remark text,
  version integer not null default 1,
  create_by text,
  create_time timestamptz not null default now(),
  update_time timestamptz not null default now()
);
create index lighting_strategy_project_idx on lighting_strategy (project_id, enabled);

create table lighting_strategy_target (
  strategy_id text not null references lighting_strategy (id) on delete cascade,
  kind text not null check (kind in ('lamp', 'group', 'gateway', 'project')),
  target_id text not null,
  primary key (strategy_id, kind, target_id)
);

-- One row per executed (or skipped) strategy action: the unique key makes every action run
-- at most once, whichever node runs the scheduler and however often it restarts.
create table lighting_execution (
  id bigint generated always as identity primary key,
  strategy_id text not null,
  project_id text not null,
  target_key text not null,
  action_index integer not null,
  planned_time timestamptz not null,
  action text not null,
  level integer,
  status text not null default 'running' check (status in ('running', 'done', 'skipped', 'failed')),
  lamp_count integer not null default 0,
  job_id text,
  reason text,
  executed_time timestamptz
);
create unique index lighting_execution_uq on lighting_execution (strategy_id, target_key, action_index, planned_time);
create index lighting_execution_project_time_idx on lighting_execution (project_id, planned_time desc);

-- The schedule the platform computed for each gateway, and its last push.
create table lighting_gateway_schedule (
  gateway_id text primary key references dev_gateway (id) on delete cascade,
  version text,
  body jsonb,
  fallback_level integer,
  push_command_id text,
  push_time timestamptz,
  update_time timestamptz not null default now()
);

-- Menu tree (sitemap.md): the existing device marks move under their pages.
insert into sys_permission (id, parent_id, name, url, component, component_name, menu_type, perms, sort_no, icon, is_leaf) values
  ('menu-lighting', null, 'menu.lighting', '/lighting', 'layouts/RouteView', null, 0, null, 10, 'bulb', false),
  ('menu-lighting-gateway', 'menu-lighting', 'menu.lighting.gateway', '/lighting/gateway', 'lighting/GatewayList', 'GatewayList', 1, null, 1, null, false),
  ('menu-lighting-pole', 'menu-lighting', 'menu.lighting.pole', '/lighting/pole', 'lighting/PoleList', 'PoleList', 1, null, 2, null, false),
  ('menu-lighting-lamp', 'menu-lighting', 'menu.lighting.lamp', '/lighting/lamp', 'lighting/LampList', 'LampList', 1, null, 3, null, false),
  ('menu-lighting-group', 'menu-lighting', 'menu.lighting.group', '/lighting/group', 'lighting/GroupList', 'GroupList', 1, null, 4, null, false),
  ('menu-lighting-cabinet', 'menu-lighting', 'menu.lighting.cabinet', '/lighting/cabinet', 'lighting/CabinetList', 'CabinetList', 1, null, 5, null, false),
  ('menu-lighting-strategy', 'menu-lighting', 'menu.lighting.strategy', '/lighting/strategy', 'lighting/StrategyList', 'StrategyList', 1, null, 6, null, false),
  ('menu-lighting-command', 'menu-lighting', 'menu.lighting.command', '/lighting/command', 'lighting/CommandLog', 'CommandLog', 1, null, 7, null, false),
  ('menu-gis', null, 'menu.gis', '/gis/GlrGis', 'gis/GlrGis', 'GlrGis', 0, 'gis:map:view', 80, 'environment', true),
  ('btn-lighting-group-list', 'menu-lighting-group', 'perm.lighting.group.list', null, null, null, 2, 'lighting:group:list', 1, null, true),
  ('btn-lighting-group-add', 'menu-lighting-group', 'perm.lighting.group.add', null, null, null, 2, 'lighting:group:add', 2, null, true),
  ('btn-lighting-group-edit', 'menu-lighting-group', 'perm.lighting.group.edit', null, null, null, 2, 'lighting:group:edit', 3, null, true),
  ('btn-lighting-group-delete', 'menu-lighting-group', 'perm.lighting.group.delete', null, null, null, 2, 'lighting:group:delete', 4, null, true),
  ('btn-lighting-group-control', 'menu-lighting-group', 'perm.lighting.group.control', null, null, null, 2, 'lighting:group:control', 5, null, true),
  ('btn-lighting-cabinet-list', 'menu-lighting-cabinet', 'perm.lighting.cabinet.list', null, null, null, 2, 'lighting:cabinet:list', 1, null, true),
  ('btn-lighting-cabinet-add', 'menu-lighting-cabinet', 'perm.lighting.cabinet.add', null, null, null, 2, 'lighting:cabinet:add', 2, null, true),
  ('btn-lighting-cabinet-edit', 'menu-lighting-cabinet', 'perm.lighting.cabinet.edit', null, null, null, 2, 'lighting:cabinet:edit', 3, null, true),
  ('btn-lighting-cabinet-delete', 'menu-lighting-cabinet', 'perm.lighting.cabinet.delete', null, null, null, 2, 'lighting:cabinet:delete', 4, null, true),
  ('btn-lighting-circuit-control', 'menu-lighting-cabinet', 'perm.lighting.circuit.control', null, null, null, 2, 'lighting:circuit:control', 5, null, true),
  ('btn-lighting-strategy-list', 'menu-lighting-strategy', 'perm.lighting.strategy.list', null, null, null, 2, 'lighting:strategy:list', 1, null, true),
  ('btn-lighting-strategy-add', 'menu-lighting-strategy', 'perm.lighting.strategy.add', null, null, null, 2, 'lighting:strategy:add', 2, null, true),
  ('btn-lighting-strategy-edit', 'menu-lighting-strategy', 'perm.lighting.strategy.edit', null, null, null, 2, 'lighting:strategy:edit', 3, null, true),
  ('btn-lighting-strategy-delete', 'menu-lighting-strategy', 'perm.lighting.strategy.delete', null, null, null, 2, 'lighting:strategy:delete', 4, null, true),
  ('btn-lighting-strategy-push', 'menu-lighting-strategy', 'perm.lighting.strategy.push', null, null, null, 2, 'lighting:strategy:push', 5, null, true)
on conflict (id) do nothing;

update sys_permission set parent_id = 'menu-lighting-gateway'
 where id in ('perm-lighting-gateway-list', 'perm-lighting-gateway-add', 'perm-lighting-gateway-edit',
   'perm-lighting-gateway-delete', 'perm-lighting-gateway-import', 'perm-lighting-gateway-credentials',
   'perm-lighting-gateway-reboot');
update sys_permission set parent_id = 'menu-lighting-pole'
 where id in ('perm-lighting-pole-list', 'perm-lighting-pole-add', 'perm-lighting-pole-edit',
   'perm-lighting-pole-delete', 'perm-lighting-pole-import');
update sys_permission set parent_id = 'menu-lighting-lamp'
 where id in ('perm-lighting-lamp-list', 'perm-lighting-lamp-control');
update sys_permission set parent_id = 'menu-lighting-command' where id = 'perm-lighting-command-list';

insert into sys_i18n (key, zh_cn, en_us) values
  ('menu.lighting', '路灯管理', 'Street lighting'),
  ('menu.lighting.gateway', '网关管理', 'Gateways'),
  ('menu.lighting.pole', '灯杆管理', 'Poles'),
  ('menu.lighting.lamp', '单灯控制', 'Lamps'),
  ('menu.lighting.group', '分组管理', 'Groups'),
  ('menu.lighting.cabinet', '配电柜', 'Cabinets & circuits'),
  ('menu.lighting.strategy', '策略管理', 'Strategies'),
  ('menu.lighting.command', '指令记录', 'Command log'),
  ('menu.gis', '地图', 'GIS map'),
  ('perm.lighting.group.list', '分组查看', 'View groups'),
  ('perm.lighting.group.add', '分组新增', 'Add groups'),
  ('perm.lighting.group.edit', '分组编辑', 'Edit groups'),
  ('perm.lighting.group.delete', '分组删除', 'Delete groups'),
  ('perm.lighting.group.control', '分组控制', 'Control groups'),
  ('perm.lighting.cabinet.list', '配电柜查看', 'View cabinets'),
  ('perm.lighting.cabinet.add', '配电柜新增', 'Add cabinets'),
  ('perm.lighting.cabinet.edit', '配电柜编辑', 'Edit cabinets and circuits'),
  ('perm.lighting.cabinet.delete', '配电柜删除', 'Delete cabinets'),
  ('perm.lighting.circuit.control', '回路控制', 'Switch circuits'),
  ('perm.lighting.strategy.list', '策略查看', 'View strategies'),
  ('perm.lighting.strategy.add', '策略新增', 'Add strategies'),
  ('perm.lighting.strategy.edit', '策略编辑', 'Edit strategies'),
  ('perm.lighting.strategy.delete', '策略删除', 'Delete strategies'),
  ('perm.lighting.strategy.push', '策略下发', 'Push schedules to gateways')
on conflict (key) do nothing;

-- operator: everything in lighting (control and strategies included) and the map, except
-- issuing gateway credentials, which 0040 kept for administrators; viewer: the menus, lists
-- and the map.
insert into sys_role_permission (role_id, permission_id)
select 'role-operator', p.id from sys_permission p
 where p.del_flag = 0 and (p.id like 'menu-lighting%' or p.id = 'menu-gis' or p.id like 'btn-lighting-%'
   or p.id like 'perm-lighting-%') and p.id <> 'perm-lighting-gateway-credentials'
on conflict do nothing;
insert into sys_role_permission (role_id, permission_id)
select 'role-viewer', p.id from sys_permission p
 where p.del_flag = 0 and (p.id like 'menu-lighting%' or p.id = 'menu-gis'
   or p.perms in ('lighting:gateway:list', 'lighting:pole:list', 'lighting:lamp:list', 'lighting:command:list',
     'lighting:group:list', 'lighting:cabinet:list', 'lighting:strategy:list'))
on conflict do nothing;
