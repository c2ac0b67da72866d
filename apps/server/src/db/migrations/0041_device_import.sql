-- Importing the devices behind gateways (.xlsx) has its own authorisation mark: it writes
-- the registry of several gateways at once, which not everyone who may add a gateway should.
insert into sys_permission (id, parent_id, name, menu_type, perms, sort_no) values
  ('perm-lighting-device-import', null, 'perm.lighting.device.import', 2, 'lighting:device:import', 9022)
on conflict do nothing;

insert into sys_i18n (key, zh_cn, en_us) values
  ('perm.lighting.device.import', '设备导入', 'Import devices behind gateways')
on conflict (key) do nothing;

insert into sys_role_permission (role_id, permission_id) values
  ('role-operator', 'perm-lighting-device-import')
on conflict do nothing;
