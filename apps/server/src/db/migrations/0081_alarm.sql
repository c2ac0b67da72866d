-- Fault alarms: one row per alarm, its timeline, the rules that raise alarms (defaults and
-- per-project overrides), conditions waiting out their grace period, and outgoing webhooks with
-- their deliveries. All owned by the alarm module.

create table alarm_record (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  source_kind text not null check (source_kind in ('device', 'gateway', 'pole', 'cabinet')),
  source_id text not null,
  device_id text,
  gateway_id text,
  pole_id text,
  cabinet_id text,
  type text not null check (type in ('fault', 'offline', 'threshold', 'anomaly', 'supply')),
  code text not null,
  severity text not null check (severity in ('critical', 'major', 'minor', 'warning')),
  status text not null default 'open' check (status in ('open', 'acknowledged', 'resolved')),
  cleared boolean not null default false,
  -- Resolved and cleared: kept for history, no longer the source's active alarm.
  closed boolean not null default false,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now(),
  cleared_at timestamptz,
  count integer not null default 1,
  parent_id text references alarm_record (id) on delete set null,
  ack_by text,
  ack_at timestamptz,
  resolved_by text,
  resolved_at timestamptz,
  -- When an unacknowledged alarm is escalated (fixed from its rule when raised), and when it was.
  escalate_at timestamptz,
  escalate_role_id text,
  escalate_user_id text,
  escalated_at timestamptz,
  detail jsonb not null default '{}'::jsonb,
  update_time timestamptz not null default now()
);
-- One active alarm per source and code, whichever API node raises it: raising is an upsert on
-- this index, never a read followed by a write.
create unique index alarm_active_uq on alarm_record (source_kind, source_id, code) where not closed;
create index alarm_project_last_idx on alarm_record (project_id, last_at desc, id desc) where parent_id is null;
create index alarm_last_idx on alarm_record (last_at desc, id desc) where parent_id is null;
create index alarm_open_project_idx on alarm_record (project_id, status, severity) where not closed;
create index alarm_parent_idx on alarm_record (parent_id) where parent_id is not null;
create index alarm_device_idx on alarm_record (device_id, last_at desc) where device_id is not null;
create index alarm_gateway_idx on alarm_record (gateway_id) where not closed;
create index alarm_escalate_idx on alarm_record (escalate_at) where escalated_at is null and status = 'open' and not closed;

create table alarm_event (
  id text primary key default gen_random_uuid()::text,
  alarm_id text not null references alarm_record (id) on delete cascade,
  at timestamptz not null default now(),
  action text not null,
  actor text,
  comment text,
  detail jsonb not null default '{}'::jsonb
);
create index alarm_event_alarm_idx on alarm_event (alarm_id, at);

-- project_id null: the default every project inherits.
create table alarm_rule (
  id text primary key default gen_random_uuid()::text,
  project_id text references sys_project (id) on delete cascade,
  type text not null check (type in ('fault', 'offline', 'threshold', 'anomaly', 'supply')),
  code text not null,
  enabled boolean not null default true,
  severity text not null check (severity in ('critical', 'major', 'minor', 'warning')),
  params jsonb not null default '{}'::jsonb,
  escalate_after_minutes integer,
  escalate_role_id text,
  escalate_user_id text,
  update_by text,
  update_time timestamptz not null default now()
);
create unique index alarm_rule_uq on alarm_rule (coalesce(project_id, ''), type, code);

-- A condition seen but not yet an alarm: offline within its grace period, a threshold crossed
-- for less than its duration. The sweep raises those older than their wait.
create table alarm_pending (
  source_kind text not null,
  source_id text not null,
  code text not null,
  project_id text not null,
  type text not null,
  device_id text,
  gateway_id text,
  pole_id text,
  since timestamptz not null,
  due timestamptz not null,
  detail jsonb not null default '{}'::jsonb,
  primary key (source_kind, source_id, code)
);
create index alarm_pending_due_idx on alarm_pending (due);

create table alarm_webhook (
  id text primary key default gen_random_uuid()::text,
  project_id text not null references sys_project (id) on delete cascade,
  url text not null,
  secret text not null,
  enabled boolean not null default true,
  min_severity text not null default 'warning' check (min_severity in ('critical', 'major', 'minor', 'warning')),
  create_by text,
  create_time timestamptz not null default now(),
  update_time timestamptz
);
create index alarm_webhook_project_idx on alarm_webhook (project_id);

create table alarm_delivery (
  id text primary key default gen_random_uuid()::text,
  webhook_id text not null references alarm_webhook (id) on delete cascade,
  alarm_id text,
  event text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  last_status integer,
  last_error text,
  next_at timestamptz,
  -- A node sending it holds it until then (another node may take it over afterwards).
  locked_until timestamptz,
  create_time timestamptz not null default now(),
  delivered_at timestamptz
);
create index alarm_delivery_webhook_idx on alarm_delivery (webhook_id, create_time desc);
create index alarm_delivery_due_idx on alarm_delivery (next_at) where status = 'pending';

-- Default rules: every TALQ lamp fault flag, offline gateways and devices, the platform's lamp
-- anomalies, cabinet supply, and sensor thresholds at the HJ 633 "heavily polluted" bands.
insert into alarm_rule (project_id, type, code, enabled, severity, params) values
  (null, 'fault', 'lampFailure', true, 'major', '{}'),
  (null, 'fault', 'dimmingFailure', true, 'minor', '{}'),
  (null, 'fault', 'relayFailure', true, 'major', '{}'),
  (null, 'fault', 'supplyLoss', true, 'critical', '{}'),
  (null, 'fault', 'dayBurning', true, 'minor', '{}'),
  (null, 'fault', 'controlGearCommFailure', true, 'major', '{}'),
  (null, 'fault', 'highVoltage', true, 'major', '{}'),
  (null, 'fault', 'lowVoltage', true, 'minor', '{}'),
  (null, 'fault', 'highCurrent', true, 'major', '{}'),
  (null, 'fault', 'lowCurrent', true, 'minor', '{}'),
  (null, 'fault', 'highPower', true, 'minor', '{}'),
  (null, 'fault', 'lowPower', true, 'warning', '{}'),
  (null, 'offline', 'gateway_offline', true, 'critical', '{"graceSeconds": 300}'),
  (null, 'offline', 'device_offline', true, 'major', '{"graceSeconds": 300}'),
  (null, 'anomaly', 'day_burning', true, 'minor', '{"toleranceMinutes": 30}'),
  (null, 'anomaly', 'schedule_lit', false, 'warning', '{"toleranceMinutes": 15}'),
  (null, 'anomaly', 'schedule_dark', false, 'minor', '{"toleranceMinutes": 15}'),
  (null, 'anomaly', 'power_deviation', true, 'warning', '{"tolerancePercent": 20}'),
  (null, 'supply', 'cabinet_supply_loss', true, 'critical', '{}'),
  (null, 'supply', 'circuit_loss', true, 'major', '{}'),
  (null, 'threshold', 'pm25_high', true, 'minor', '{"metric": "pm25", "comparison": "gt", "value": 150, "durationSeconds": 600, "hysteresis": 10}'),
  (null, 'threshold', 'pm10_high', true, 'minor', '{"metric": "pm10", "comparison": "gt", "value": 350, "durationSeconds": 600, "hysteresis": 20}'),
  (null, 'threshold', 'noise_high', true, 'warning', '{"metric": "noise", "comparison": "gt", "value": 70, "durationSeconds": 300, "hysteresis": 3}'),
  (null, 'threshold', 'temperature_high', true, 'warning', '{"metric": "temperature", "comparison": "gt", "value": 45, "durationSeconds": 600, "hysteresis": 2}'),
  (null, 'threshold', 'wind_speed_high', true, 'major', '{"metric": "windSpeed", "comparison": "gt", "value": 17.2, "durationSeconds": 60, "hysteresis": 2}')
on conflict do nothing;
