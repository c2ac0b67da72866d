-- Core tables of the platform: users, roles, departments, the menu/permission tree,
-- dictionaries, translations, platform settings, sessions and logs.

create table sys_user (
  id text primary key default gen_random_uuid()::text,
  username text not null,
  realname text not null default '',
  password_hash text not null,
  avatar text,
  birthday date,
  sex smallint,
  email text,
  phone text,
  org_code text,
  status smallint not null default 1,          -- 1 normal, 2 frozen
  del_flag smallint not null default 0,
  work_no text,
  post text,
  telephone text,
  user_type text not null default '1',          -- '0' may open the big screen
  nickname text,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);
create unique index sys_user_username_uq on sys_user (lower(username)) where del_flag = 0;
create unique index sys_user_phone_uq on sys_user (phone) where del_flag = 0 and phone is not null;
create unique index sys_user_email_uq on sys_user (lower(email)) where del_flag = 0 and email is not null;
create unique index sys_user_work_no_uq on sys_user (work_no) where del_flag = 0 and work_no is not null;

create table sys_role (
  id text primary key default gen_random_uuid()::text,
  role_name text not null,
  role_code text not null unique,
  description text,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);

create table sys_user_role (
  user_id text not null references sys_user (id) on delete cascade,
  role_id text not null references sys_role (id) on delete cascade,
  primary key (user_id, role_id)
);

create table sys_depart (
  id text primary key default gen_random_uuid()::text,
  parent_id text references sys_depart (id),
  depart_name text not null,
  org_code text not null unique,
  org_type text not null default '1',
  depart_order integer not null default 0,
  description text,
  status smallint not null default 1,
  del_flag smallint not null default 0,
  create_time timestamptz not null default now(),
  update_time timestamptz
);

create table sys_user_depart (
  user_id text not null references sys_user (id) on delete cascade,
  dep_id text not null references sys_depart (id) on delete cascade,
  primary key (user_id, dep_id)
);

create table sys_permission (
  id text primary key default gen_random_uuid()::text,
  parent_id text references sys_permission (id),
  name text not null,                            -- an i18n key (menu.*) or a literal title
  url text,
  component text,
  component_name text,
  redirect text,
  menu_type smallint not null,                   -- 0 top menu, 1 sub-menu, 2 button
  perms text,
  perms_type text not null default '1',          -- '1' hide, '2' disable when not granted
  sort_no numeric not null default 0,
  always_show boolean not null default false,
  icon text,
  is_route boolean not null default true,
  is_leaf boolean not null default true,
  keep_alive boolean not null default false,
  hidden boolean not null default false,
  internal_or_external boolean not null default false,
  status text not null default '1',
  del_flag smallint not null default 0,
  description text,
  create_time timestamptz not null default now(),
  update_time timestamptz
);
create unique index sys_permission_perms_uq on sys_permission (perms) where perms is not null and del_flag = 0;
create index sys_permission_parent_idx on sys_permission (parent_id);

create table sys_role_permission (
  role_id text not null references sys_role (id) on delete cascade,
  permission_id text not null references sys_permission (id) on delete cascade,
  primary key (role_id, permission_id)
);

create table sys_dict (
  id text primary key default gen_random_uuid()::text,
  dict_name text not null,
  dict_code text not null unique,
  description text,
  del_flag smallint not null default 0,
  create_time timestamptz not null default now(),
  update_time timestamptz
);

create table sys_dict_item (
  id text primary key default gen_random_uuid()::text,
  dict_id text not null references sys_dict (id) on delete cascade,
  item_text text not null,
  item_value text not null,
  description text,
  sort_order integer not null default 0,
  status smallint not null default 1,
  create_time timestamptz not null default now(),
  update_time timestamptz,
  unique (dict_id, item_value)
);

-- Texts the server translates: menu titles (menu.*) and dictionary texts (dict.<code>.<value>).
create table sys_i18n (
  key text primary key,
  zh_cn text not null,
  en_us text not null,
  update_time timestamptz not null default now()
);

create table sys_platform_setting (
  key text primary key,
  value jsonb not null,
  update_time timestamptz not null default now()
);

-- Opaque session tokens, stored hashed; revocable and with an idle timeout.
create table sys_session (
  token_hash text primary key,
  user_id text not null references sys_user (id) on delete cascade,
  org_code text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sys_session_user_idx on sys_session (user_id);

-- Failed sign-ins per account and per address, for captcha and lock-out decisions.
create table sys_login_failure (
  scope text not null,                           -- 'user' or 'ip'
  key text not null,
  failures integer not null default 0,
  first_failed_at timestamptz not null default now(),
  locked_until timestamptz,
  primary key (scope, key)
);

create table sys_captcha (
  key text primary key,
  code text not null,
  expires_at timestamptz not null
);

create table sys_sms_code (
  phone text not null,
  purpose text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (phone, purpose)
);

create table sys_log (
  id bigserial primary key,
  log_type smallint not null,                    -- 1 login, 2 operation
  log_content text not null,
  operate_type text,
  userid text,
  username text,
  ip text,
  method text,
  request_url text,
  request_param text,
  cost_time integer,
  ok boolean not null default true,
  create_time timestamptz not null default now()
);
create index sys_log_type_time_idx on sys_log (log_type, create_time desc);
