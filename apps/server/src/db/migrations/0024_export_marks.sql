-- Export buttons of sitemap.md's `export` action for the lists that lacked one: dictionaries,
-- translations and logs exported under their list mark, announcements could not export.
insert into sys_permission (id, parent_id, name, url, component, component_name, menu_type, perms, sort_no, icon, is_leaf) values
  ('btn-system-dict-export', 'menu-system-dict', 'perm.system.dict.export', null, null, null, 2, 'system:dict:export', 4, null, true),
  ('perm-announcement-export', 'menu-system-announcement', 'perm.system.announcement.export', null, null, null, 2, 'system:announcement:export', 6, null, true),
  ('btn-system-i18n-export', 'menu-system-i18n', 'perm.system.i18n.export', null, null, null, 2, 'system:i18n:export', 4, null, true),
  ('btn-system-log-export', 'menu-system-log', 'perm.system.log.export', null, null, null, 2, 'system:log:export', 1, null, true)
on conflict (id) do nothing;

update sys_permission set is_leaf = false
 where id in ('menu-system-dict', 'menu-system-announcement', 'menu-system-i18n', 'menu-system-log');

insert into sys_i18n (key, zh_cn, en_us) values
  ('perm.system.dict.export', '数据字典-导出', 'Dictionaries: export'),
  ('perm.system.announcement.export', '通知公告-导出', 'Announcements: export'),
  ('perm.system.i18n.export', '国际化-导出', 'Translations: export'),
  ('perm.system.log.export', '日志-导出', 'Logs: export')
on conflict (key) do nothing;

-- Administrators hold every mark anyway; the rows make the grant visible in the role tree.
insert into sys_role_permission (role_id, permission_id)
select 'role-admin', p.id from sys_permission p
 where p.id in ('btn-system-dict-export', 'perm-announcement-export', 'btn-system-i18n-export', 'btn-system-log-export')
on conflict do nothing;

-- Whoever could export a list under its list mark keeps that right: roles, department
-- grants and department roles that hold the list menu get its new export button.
insert into sys_role_permission (role_id, permission_id)
select rp.role_id, e.export_id
  from sys_role_permission rp
  join (values ('menu-system-dict', 'btn-system-dict-export'), ('menu-system-i18n', 'btn-system-i18n-export'),
               ('menu-system-log', 'btn-system-log-export')) as e (list_id, export_id) on e.list_id = rp.permission_id
on conflict do nothing;

insert into sys_depart_permission (depart_id, permission_id)
select dp.depart_id, e.export_id
  from sys_depart_permission dp
  join (values ('menu-system-dict', 'btn-system-dict-export'), ('menu-system-i18n', 'btn-system-i18n-export'),
               ('menu-system-log', 'btn-system-log-export')) as e (list_id, export_id) on e.list_id = dp.permission_id
on conflict do nothing;

insert into sys_depart_role_permission (depart_id, role_id, permission_id)
select drp.depart_id, drp.role_id, e.export_id
  from sys_depart_role_permission drp
  join (values ('menu-system-dict', 'btn-system-dict-export'), ('menu-system-i18n', 'btn-system-i18n-export'),
               ('menu-system-log', 'btn-system-log-export')) as e (list_id, export_id) on e.list_id = drp.permission_id
on conflict do nothing;
