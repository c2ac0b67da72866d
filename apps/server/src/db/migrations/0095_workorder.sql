-- Work orders: maintenance jobs created by hand or from alarms, assigned to a user, moved through
-- new → assigned → in_progress → done → verified → closed (or rejected back), with notes and
-- photos. Owned by the workorder module. Alarm ids are kept as text: alarms are another module's.

create table alarm_workorder (
  id text primary key default gen_random_uuid()::text,
  code text not null,
  project_id text not null references sys_project (id) on delete cascade,
  title text not null,
  description text,
  priority text not null default 'normal'
    check (priority in ('low', 'normal', 'high', 'urgent')),
  status text not null default 'new'
    check (status in ('new', 'assigned', 'in_progress', 'done', 'verified', 'closed', 'rejected')),
  assignee_id text references sys_user (id) on delete set null,
  due_at timestamptz,
  create_by text not null,
  create_time timestamptz not null default now(),
  update_time timestamptz
);
create unique index alarm_workorder_code_uq on alarm_workorder (code);
create index alarm_workorder_project_idx on alarm_workorder (project_id, create_time desc);
create index alarm_workorder_assignee_idx on alarm_workorder (assignee_id, status);

-- The numbers of the day: WO-<yyyymmdd>-<n>, counted per day in one row each.
create table alarm_workorder_day (
  day text primary key,
  last integer not null
);

create table alarm_workorder_alarm (
  workorder_id text not null references alarm_workorder (id) on delete cascade,
  alarm_id text not null,
  primary key (workorder_id, alarm_id)
);
create index alarm_workorder_alarm_alarm_idx on alarm_workorder_alarm (alarm_id);

create table alarm_workorder_note (
  id text primary key default gen_random_uuid()::text,
  workorder_id text not null references alarm_workorder (id) on delete cascade,
  at timestamptz not null default clock_timestamp(),
  author text not null,
  text text not null,
  status text
);
create index alarm_workorder_note_order_idx on alarm_workorder_note (workorder_id, at);

create table alarm_workorder_photo (
  id text primary key default gen_random_uuid()::text,
  note_id text not null references alarm_workorder_note (id) on delete cascade,
  file text not null,
  width integer not null,
  height integer not null,
  sort_no integer not null default 0
);
create index alarm_workorder_photo_note_idx on alarm_workorder_photo (note_id, sort_no);
