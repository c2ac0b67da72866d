-- Data rules granted to roles (chosen per menu in the role's permission grant), and
-- department administrators: users of identity 2 who manage a set of departments.

create table sys_role_data_rule (
  role_id text not null references sys_role (id) on delete cascade,
  rule_id text not null references sys_permission_data_rule (id) on delete cascade,
  primary key (role_id, rule_id)
);
create index sys_role_data_rule_rule_idx on sys_role_data_rule (rule_id);

-- 1 ordinary member, 2 department administrator (upstream sys_user.user_identity).
alter table sys_user add column if not exists user_identity smallint not null default 1;

-- The departments a department administrator manages (upstream sys_user.depart_ids, as rows).
create table sys_user_managed_depart (
  user_id text not null references sys_user (id) on delete cascade,
  dep_id text not null references sys_depart (id) on delete cascade,
  primary key (user_id, dep_id)
);
