-- Device connectivity: registry (poles, gateways, devices behind them), latest state,
-- events, the command log, time-partitioned telemetry with hourly/daily rollups, and the
-- authorisation marks the device routes enforce.

create table dev_pole (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  code text not null,
  name text not null,
  longitude double precision not null,
  latitude double precision not null,
  road text,
  height real,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);
create unique index dev_pole_code_uq on dev_pole (project_id, code);

-- A gateway is an MQTT identity: its sn is the username and a topic level. A device that
-- connects on its own is a gateway with one device behind it.
create table dev_gateway (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  pole_id text references dev_pole (id) on delete set null,
  sn text not null,
  name text not null,
  model text,
  firmware text,
  credential_hash text,
  credential_issued_at timestamptz,
  online boolean not null default false,
  last_seen timestamptz,
  heartbeat_seconds integer,
  schedule_version text,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);
create unique index dev_gateway_sn_uq on dev_gateway (sn);
create index dev_gateway_project_idx on dev_gateway (project_id);

create table dev_device (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  gateway_id text not null references dev_gateway (id) on delete cascade,
  pole_id text references dev_pole (id) on delete set null,
  kind text not null check (kind in ('lamp', 'sensor', 'screen', 'speaker', 'camera')),
  address text not null,
  name text not null,
  model text,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);
create unique index dev_device_address_uq on dev_device (gateway_id, address);
create index dev_device_project_kind_idx on dev_device (project_id, kind);
create index dev_device_pole_idx on dev_device (pole_id);

-- Latest state, one row per device, merged on every ingest flush.
create table dev_state (
  device_id text primary key references dev_device (id) on delete cascade,
  online boolean not null default false,
  last_seen timestamptz,
  vals jsonb not null default '{}'::jsonb,
  faults jsonb not null default '[]'::jsonb,
  update_time timestamptz not null default now()
);

-- State changes: online/offline, faults raised and cleared.
create table dev_event (
  id bigint generated always as identity primary key,
  project_id text not null,
  gateway_id text not null,
  device_id text,
  type text not null,
  code text,
  active boolean,
  message text,
  ts timestamptz not null default now()
);
create index dev_event_gateway_ts_idx on dev_event (gateway_id, ts desc);
create index dev_event_project_ts_idx on dev_event (project_id, ts desc);

-- Every command with its real outcome: pending until acked, failed or timed out.
create table dev_command (
  id text primary key,
  batch_id text,
  project_id text not null,
  gateway_id text not null references dev_gateway (id) on delete cascade,
  device_id text references dev_device (id) on delete set null,
  device_address text,
  cmd text not null,
  params jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'acked', 'failed', 'timeout')),
  attempts integer not null default 0,
  reason text,
  result jsonb,
  deadline timestamptz,
  create_by text,
  create_time timestamptz not null default now(),
  ack_time timestamptz
);
create index dev_command_project_time_idx on dev_command (project_id, create_time desc);
create index dev_command_gateway_time_idx on dev_command (gateway_id, create_time desc);
create index dev_command_device_time_idx on dev_command (device_id, create_time desc);
create index dev_command_batch_idx on dev_command (batch_id);
create index dev_command_pending_idx on dev_command (deadline) where status = 'pending';

-- Telemetry: append-only, partitioned by day (partitions are created by ingestion, dropped
-- by the retention job). Numbers are real: sensor precision, half the bytes of double.
create table dev_lamp_reading (
  ts timestamptz not null,
  device_id text not null,
  project_id text not null,
  light_on boolean,
  level real,
  target real,
  voltage real,
  current real,
  power real,
  power_factor real,
  energy double precision,
  hours real,
  switch_ons integer
) partition by range (ts);
create index dev_lamp_reading_device_ts_idx on dev_lamp_reading (device_id, ts);

create table dev_sensor_reading (
  ts timestamptz not null,
  device_id text not null,
  project_id text not null,
  temperature real,
  humidity real,
  pm25 real,
  pm10 real,
  noise real,
  illuminance real,
  wind_speed real,
  wind_direction real,
  pressure real
) partition by range (ts);
create index dev_sensor_reading_device_ts_idx on dev_sensor_reading (device_id, ts);

-- Rollups: grain 'h' (hour) and 'd' (day), recomputed for recent buckets by the rollup job.
create table dev_lamp_rollup (
  grain char(1) not null,
  bucket timestamptz not null,
  device_id text not null,
  project_id text not null,
  samples integer not null,
  level_avg real,
  power_avg real,
  power_max real,
  voltage_avg real,
  current_avg real,
  energy_max double precision,
  energy_delta double precision,
  on_ratio real,
  primary key (grain, device_id, bucket)
);
create index dev_lamp_rollup_project_idx on dev_lamp_rollup (project_id, grain, bucket);

create table dev_sensor_rollup (
  grain char(1) not null,
  bucket timestamptz not null,
  device_id text not null,
  project_id text not null,
  samples integer not null,
  temperature_avg real,
  temperature_min real,
  temperature_max real,
  humidity_avg real,
  pm25_avg real,
  pm25_max real,
  pm10_avg real,
  pm10_max real,
  noise_avg real,
  noise_max real,
  illuminance_avg real,
  wind_speed_avg real,
  wind_speed_max real,
  pressure_avg real,
  primary key (grain, device_id, bucket)
);
create index dev_sensor_rollup_project_idx on dev_sensor_rollup (project_id, grain, bucket);

-- Authorisation marks of the device routes (buttons; menus come with their pages).
insert into sys_permission (id, parent_id, name, menu_type, perms, sort_no) values
  ('perm-lighting-gateway-list', null, 'perm.lighting.gateway.list', 2, 'lighting:gateway:list', 9000),
  ('perm-lighting-gateway-add', null, 'perm.lighting.gateway.add', 2, 'lighting:gateway:add', 9001),
  ('perm-lighting-gateway-edit', null, 'perm.lighting.gateway.edit', 2, 'lighting:gateway:edit', 9002),
  ('perm-lighting-gateway-delete', null, 'perm.lighting.gateway.delete', 2, 'lighting:gateway:delete', 9003),
  ('perm-lighting-gateway-import', null, 'perm.lighting.gateway.import', 2, 'lighting:gateway:import', 9004),
  ('perm-lighting-gateway-credentials', null, 'perm.lighting.gateway.credentials', 2, 'lighting:gateway:credentials', 9005),
  ('perm-lighting-gateway-reboot', null, 'perm.lighting.gateway.reboot', 2, 'lighting:gateway:reboot', 9006),
  ('perm-lighting-pole-list', null, 'perm.lighting.pole.list', 2, 'lighting:pole:list', 9007),
  ('perm-lighting-pole-add', null, 'perm.lighting.pole.add', 2, 'lighting:pole:add', 9008),
  ('perm-lighting-pole-edit', null, 'perm.lighting.pole.edit', 2, 'lighting:pole:edit', 9009),
  ('perm-lighting-pole-delete', null, 'perm.lighting.pole.delete', 2, 'lighting:pole:delete', 9010),
  ('perm-lighting-pole-import', null, 'perm.lighting.pole.import', 2, 'lighting:pole:import', 9011),
  ('perm-lighting-lamp-list', null, 'perm.lighting.lamp.list', 2, 'lighting:lamp:list', 9012),
  ('perm-lighting-lamp-control', null, 'perm.lighting.lamp.control', 2, 'lighting:lamp:control', 9013),
  ('perm-lighting-command-list', null, 'perm.lighting.command.list', 2, 'lighting:command:list', 9014),
  ('perm-test-device-command', null, 'perm.test.device.command', 2, 'test:device:command', 9015),
  ('perm-env-sensor-list', null, 'perm.env.sensor.list', 2, 'env:sensor:list', 9016),
  ('perm-led-screen-list', null, 'perm.led.screen.list', 2, 'led:screen:list', 9017),
  ('perm-led-screen-control', null, 'perm.led.screen.control', 2, 'led:screen:control', 9018),
  ('perm-radio-speaker-list', null, 'perm.radio.speaker.list', 2, 'radio:speaker:list', 9019),
  ('perm-radio-speaker-control', null, 'perm.radio.speaker.control', 2, 'radio:speaker:control', 9020),
  ('perm-camera-camera-list', null, 'perm.camera.camera.list', 2, 'camera:camera:list', 9021)
on conflict do nothing;

insert into sys_i18n (key, zh_cn, en_us) values
  ('perm.lighting.gateway.list', '网关查看', 'View gateways'),
  ('perm.lighting.gateway.add', '网关新增', 'Add gateways'),
  ('perm.lighting.gateway.edit', '网关编辑', 'Edit gateways and their devices'),
  ('perm.lighting.gateway.delete', '网关删除', 'Delete gateways'),
  ('perm.lighting.gateway.import', '网关导入', 'Import gateways'),
  ('perm.lighting.gateway.credentials', '网关凭据', 'Issue gateway credentials'),
  ('perm.lighting.gateway.reboot', '网关重启/校时', 'Reboot gateways, sync clocks'),
  ('perm.lighting.pole.list', '灯杆查看', 'View poles'),
  ('perm.lighting.pole.add', '灯杆新增', 'Add poles'),
  ('perm.lighting.pole.edit', '灯杆编辑', 'Edit poles'),
  ('perm.lighting.pole.delete', '灯杆删除', 'Delete poles'),
  ('perm.lighting.pole.import', '灯杆导入', 'Import poles'),
  ('perm.lighting.lamp.list', '单灯查看', 'View lamps'),
  ('perm.lighting.lamp.control', '单灯控制', 'Control lamps'),
  ('perm.lighting.command.list', '指令记录', 'Command log'),
  ('perm.test.device.command', '设备调试', 'Device test console'),
  ('perm.env.sensor.list', '传感器查看', 'View sensors'),
  ('perm.led.screen.list', '信息屏查看', 'View LED screens'),
  ('perm.led.screen.control', '信息屏控制', 'Control LED screens'),
  ('perm.radio.speaker.list', '音柱查看', 'View speakers'),
  ('perm.radio.speaker.control', '音柱控制', 'Control speakers'),
  ('perm.camera.camera.list', '摄像头查看', 'View cameras')
on conflict (key) do nothing;

insert into sys_role_permission (role_id, permission_id) values
  ('role-operator', 'perm-lighting-gateway-list'),
  ('role-operator', 'perm-lighting-gateway-add'),
  ('role-operator', 'perm-lighting-gateway-edit'),
  ('role-operator', 'perm-lighting-gateway-delete'),
  ('role-operator', 'perm-lighting-gateway-import'),
  ('role-operator', 'perm-lighting-gateway-reboot'),
  ('role-operator', 'perm-lighting-pole-list'),
  ('role-operator', 'perm-lighting-pole-add'),
  ('role-operator', 'perm-lighting-pole-edit'),
  ('role-operator', 'perm-lighting-pole-delete'),
  ('role-operator', 'perm-lighting-pole-import'),
  ('role-operator', 'perm-lighting-lamp-list'),
  ('role-operator', 'perm-lighting-lamp-control'),
  ('role-operator', 'perm-lighting-command-list'),
  ('role-operator', 'perm-env-sensor-list'),
  ('role-operator', 'perm-led-screen-list'),
  ('role-operator', 'perm-led-screen-control'),
  ('role-operator', 'perm-radio-speaker-list'),
  ('role-operator', 'perm-radio-speaker-control'),
  ('role-operator', 'perm-camera-camera-list'),
  ('role-viewer', 'perm-lighting-gateway-list'),
  ('role-viewer', 'perm-lighting-pole-list'),
  ('role-viewer', 'perm-lighting-lamp-list'),
  ('role-viewer', 'perm-lighting-command-list'),
  ('role-viewer', 'perm-env-sensor-list'),
  ('role-viewer', 'perm-led-screen-list'),
  ('role-viewer', 'perm-radio-speaker-list'),
  ('role-viewer', 'perm-camera-camera-list')
on conflict do nothing;
