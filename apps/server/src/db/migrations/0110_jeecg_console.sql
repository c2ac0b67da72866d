-- What an unmodified JeecgBoot 2.x console reads besides (docs/jeecg-console.md).

-- Dictionaries its pages look up: the log page (log and operation types), the menu form
-- (button marks' effect) and the role/user forms (workflow sync switch). The operation types
-- are the HTTP methods the operation log records.
insert into sys_dict (id, dict_name, dict_code) values
  ('dict-operate-type', '操作类型', 'operate_type'),
  ('dict-log-type', '日志类型', 'log_type'),
  ('dict-global-perms-type', '全局权限策略', 'global_perms_type'),
  ('dict-activiti-sync', '流程同步', 'activiti_sync')
on conflict (id) do nothing;

insert into sys_dict_item (dict_id, item_text, item_value, sort_order) values
  ('dict-operate-type', '查询', 'GET', 1), ('dict-operate-type', '添加', 'POST', 2),
  ('dict-operate-type', '更新', 'PUT', 3), ('dict-operate-type', '删除', 'DELETE', 4),
  ('dict-log-type', '登录日志', '1', 1), ('dict-log-type', '操作日志', '2', 2),
  ('dict-global-perms-type', '可见/可访问(授权后可见/可访问)', '1', 1),
  ('dict-global-perms-type', '可编辑(未授权时禁用)', '2', 2),
  ('dict-activiti-sync', '同步', '1', 1), ('dict-activiti-sync', '不同步', '0', 2)
on conflict (dict_id, item_value) do nothing;

insert into sys_i18n (key, zh_cn, en_us) values
  ('dict.operate_type.GET', '查询', 'Query'), ('dict.operate_type.POST', '添加', 'Add'),
  ('dict.operate_type.PUT', '更新', 'Update'), ('dict.operate_type.DELETE', '删除', 'Delete'),
  ('dict.log_type.1', '登录日志', 'Sign-in log'), ('dict.log_type.2', '操作日志', 'Operation log'),
  ('dict.global_perms_type.1', '可见/可访问(授权后可见/可访问)', 'Visible (shown once granted)'),
  ('dict.global_perms_type.2', '可编辑(未授权时禁用)', 'Editable (disabled until granted)'),
  ('dict.activiti_sync.1', '同步', 'Sync'), ('dict.activiti_sync.0', '不同步', 'Do not sync')
on conflict (key) do nothing;

-- The announcement page under the name of the Jeecg console's view (the ICS console knows
-- both names); a menu an administrator has pointed elsewhere is left alone.
update sys_permission
   set component = 'system/SysAnnouncementList', component_name = 'SysAnnouncementList'
 where id = 'menu-system-announcement' and component = 'system/AnnouncementList';
