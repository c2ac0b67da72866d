-- System administration: data rules of menus, department permissions and department roles,
-- check rules. (Users, roles, menus, departments, dictionaries and translations are in 0001.)
alter table sys_permission add column if not exists rule_flag smallint not null default 0;

create table sys_permission_data_rule (
  id text primary key default gen_random_uuid()::text,
  permission_id text not null references sys_permission (id) on delete cascade,
  rule_name text not null,
  rule_column text,
  rule_conditions text not null,
  rule_value text not null,
  status text not null default '1',
  create_time timestamptz not null default now(),
  update_time timestamptz
);
create index sys_permission_data_rule_perm_idx on sys_permission_data_rule (permission_id);

-- What a department may hand on to its department roles.
create table sys_depart_permission (
  depart_id text not null references sys_depart (id) on delete cascade,
  permission_id text not null references sys_permission (id) on delete cascade,
  primary key (depart_id, permission_id)
);

create table sys_depart_role (
  id text primary key default gen_random_uuid()::text,
  depart_id text not null references sys_depart (id) on delete cascade,
  role_name text not null,
  role_code text not null,
  description text,
  create_time timestamptz not null default now(),
  update_time timestamptz,
  unique (depart_id, role_code)
);

create table sys_depart_role_user (
  user_id text not null references sys_user (id) on delete cascade,
  drole_id text not null references sys_depart_role (id) on delete cascade,
  primary key (user_id, drole_id)
);

create table sys_depart_role_permission (
  depart_id text not null references sys_depart (id) on delete cascade,
  role_id text not null references sys_depart_role (id) on delete cascade,
  permission_id text not null references sys_permission (id) on delete cascade,
  primary key (role_id, permission_id)
);

create table sys_check_rule (
  id text primary key default gen_random_uuid()::text,
  rule_code text not null unique,
  rule_name text not null,
  rule_json text not null,
  rule_description text,
  create_time timestamptz not null default now(),
  update_time timestamptz
);

create index sys_log_username_idx on sys_log (username);
