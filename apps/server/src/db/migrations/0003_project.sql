-- Projects: the sites devices belong to. Device modules scope every query by the projects
-- the caller may see (through the departments linked here).
create table sys_project (
  id text primary key default gen_random_uuid()::text,
  name text not null,
  code text not null,
  region text,
  longitude double precision not null default 117.178249,
  latitude double precision not null default 34.161036,
  time_zone text not null default 'Asia/Shanghai',
  description text,
  del_flag smallint not null default 0,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);
create unique index sys_project_code_uq on sys_project (code) where del_flag = 0;

create table sys_project_depart (
  project_id text not null references sys_project (id) on delete cascade,
  dep_id text not null references sys_depart (id) on delete cascade,
  primary key (project_id, dep_id)
);
