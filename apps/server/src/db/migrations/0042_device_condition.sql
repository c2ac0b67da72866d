-- Conditions of devices and gateways that raise and clear: fault flags (reported in telemetry
-- or as events) and a device's gateway reporting it unreachable (heartbeat `offline`). One row
-- per subject and code, updated in place; an event is written only when `active` changes, so
-- a condition that stays on is reported once, whichever API node handles its messages.
create table dev_condition (
  -- The device's id, or the gateway's for conditions of the gateway itself.
  subject_id text not null,
  code text not null,
  kind text not null check (kind in ('fault', 'offline')),
  project_id text not null,
  gateway_id text not null references dev_gateway (id) on delete cascade,
  device_id text references dev_device (id) on delete cascade,
  active boolean not null,
  -- Device time of the message that set `active`: an older message never undoes a newer one.
  ts timestamptz not null,
  primary key (subject_id, kind, code)
);
create index dev_condition_active_idx on dev_condition (gateway_id, kind) where active;
