-- Announcements and system messages (upstream columns, including the misspelt `titile`),
-- one send row per addressee with its read state, and the button permissions of the
-- announcement page and of realtime administration.

create table sys_announcement (
  id text primary key default gen_random_uuid()::text,
  titile text not null,
  msg_content text,
  msg_abstract text,
  start_time timestamptz,
  end_time timestamptz,
  sender text,
  priority text not null default 'M' check (priority in ('L', 'M', 'H')),
  msg_category text not null default '1' check (msg_category in ('1', '2')),   -- 1 announcement, 2 system message
  msg_type text not null default 'ALL' check (msg_type in ('ALL', 'USER')),
  send_status text not null default '0' check (send_status in ('0', '1', '2')), -- 0 draft, 1 published, 2 revoked
  send_time timestamptz,
  cancel_time timestamptz,
  bus_type text,
  bus_id text,
  open_type text check (open_type in ('url', 'component')),
  open_page text,
  user_ids text,                                 -- "id1,id2," as upstream
  del_flag smallint not null default 0,
  create_by text,
  create_time timestamptz not null default now(),
  update_by text,
  update_time timestamptz
);
create index sys_announcement_status_idx on sys_announcement (send_status, msg_type, send_time desc) where del_flag = 0;

create table sys_announcement_send (
  id text primary key default gen_random_uuid()::text,
  annt_id text not null references sys_announcement (id) on delete cascade,
  user_id text not null references sys_user (id) on delete cascade,
  read_flag text not null default '0' check (read_flag in ('0', '1')),
  read_time timestamptz,
  create_time timestamptz not null default now(),
  unique (annt_id, user_id)
);
create index sys_announcement_send_user_idx on sys_announcement_send (user_id, read_flag);

insert into sys_permission (id, parent_id, name, menu_type, perms, sort_no) values
  ('perm-announcement-list', null, 'perm.system.announcement.list', 2, 'system:announcement:list', 1),
  ('perm-announcement-add', null, 'perm.system.announcement.add', 2, 'system:announcement:add', 2),
  ('perm-announcement-edit', null, 'perm.system.announcement.edit', 2, 'system:announcement:edit', 3),
  ('perm-announcement-delete', null, 'perm.system.announcement.delete', 2, 'system:announcement:delete', 4),
  ('perm-announcement-publish', null, 'perm.system.announcement.publish', 2, 'system:announcement:publish', 5),
  ('perm-realtime-admin', null, 'perm.system.realtime.admin', 2, 'system:realtime:admin', 1)
on conflict (id) do nothing;

insert into sys_i18n (key, zh_cn, en_us) values
  ('perm.system.announcement.list', '通知公告-查看', 'Announcements: view'),
  ('perm.system.announcement.add', '通知公告-新增', 'Announcements: add'),
  ('perm.system.announcement.edit', '通知公告-编辑', 'Announcements: edit'),
  ('perm.system.announcement.delete', '通知公告-删除', 'Announcements: delete'),
  ('perm.system.announcement.publish', '通知公告-发布/撤销', 'Announcements: publish/revoke'),
  ('perm.system.realtime.admin', '实时连接-管理', 'Realtime connections: administer')
on conflict (key) do nothing;
