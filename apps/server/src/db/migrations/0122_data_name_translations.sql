-- Names the console shows as data, in both languages: the seeded roles' descriptions and the
-- seeded dictionaries' names (role names, departments and dictionary items had theirs). A
-- stored name is shown translated while it is still one of its key's texts (i18n.service.ts).
insert into sys_i18n (key, zh_cn, en_us) values
  ('role.admin.description', '全部权限', 'Everything'),
  ('role.operator.description', '全部列表、控制、告警处理、审核后发布', 'All lists, control, alarm handling, publishing after approval'),
  ('role.viewer.description', '列表、地图与报表；不能控制', 'Lists, maps and reports; no control'),
  ('dict.sex', '性别', 'Sex'),
  ('dict.user_status', '用户状态', 'User status'),
  ('dict.yn', '是否', 'Yes / no'),
  ('dict.valid_status', '有效状态', 'Validity'),
  ('dict.menu_type', '菜单类型', 'Menu type'),
  ('dict.priority', '优先级', 'Priority'),
  ('dict.msg_category', '消息类型', 'Message category'),
  ('dict.send_status', '发布状态', 'Publishing status'),
  ('dict.user_type', '用户类型', 'User type')
on conflict (key) do nothing;
