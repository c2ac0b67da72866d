-- The device test console (/test/TestSpecial, a static route of the console) gets its menu
-- entry (sitemap.md: 调试 / Device test console, mark test:device:command). The mark stays on
-- its own row (0040), which moves under the entry; roles holding the mark get the entry.
insert into sys_permission (id, parent_id, name, url, component, component_name, menu_type, perms, sort_no, icon, is_leaf) values
  ('menu-test', null, 'menu.test', '/test/TestSpecial', 'test/TestSpecial', 'TestSpecial', 0, null, 95, 'tool', false)
on conflict (id) do nothing;

-- The mark's own row (0040) moves under its page.
update sys_permission set parent_id = 'menu-test' where id = 'perm-test-device-command';

insert into sys_i18n (key, zh_cn, en_us) values
  ('menu.test', '调试', 'Device test console')
on conflict (key) do nothing;

-- Whoever could use the console keeps it, now with its menu entry.
insert into sys_role_permission (role_id, permission_id)
select rp.role_id, 'menu-test' from sys_role_permission rp where rp.permission_id = 'perm-test-device-command'
on conflict do nothing;
insert into sys_depart_permission (depart_id, permission_id)
select dp.depart_id, 'menu-test' from sys_depart_permission dp where dp.permission_id = 'perm-test-device-command'
on conflict do nothing;
