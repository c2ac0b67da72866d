-- Environment thresholds: a limit on one metric of one sensor, or of every sensor of a project
-- (sensor_id null). The alarm module reads them through the env module's EnvThresholds service.
create table env_threshold (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  sensor_id text,
  metric text not null,
  comparison text not null check (comparison in ('gt', 'lt')),
  value double precision not null,
  duration_seconds integer not null default 60 check (duration_seconds >= 0),
  hysteresis double precision not null default 0 check (hysteresis >= 0),
  severity text not null default 'warning' check (severity in ('critical', 'major', 'minor', 'warning')),
  enabled boolean not null default true,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);
-- One limit per direction of a metric, for the project and for each sensor.
create unique index env_threshold_target_uq
  on env_threshold (project_id, coalesce(sensor_id, ''), metric, comparison);
create index env_threshold_sensor_idx on env_threshold (sensor_id) where sensor_id is not null;
