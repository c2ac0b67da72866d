-- Seed data every installation starts with. Written with fixed ids and ON CONFLICT so that
-- later migrations can refer to these rows.

insert into sys_role (id, role_name, role_code, description) values
  ('role-admin', '管理员', 'admin', 'Everything'),
  ('role-operator', '运维人员', 'operator', 'All lists, control, alarm handling, publishing after approval'),
  ('role-viewer', '访客', 'viewer', 'Lists, maps and reports; no control')
on conflict (id) do nothing;

insert into sys_depart (id, parent_id, depart_name, org_code, org_type, depart_order) values
  ('dep-root', null, '智慧照明中心', 'A01', '1', 0),
  ('dep-ops', 'dep-root', '运维部', 'A01A01', '2', 1),
  ('dep-monitor', 'dep-root', '监控中心', 'A01A02', '2', 2)
on conflict (id) do nothing;

insert into sys_permission (id, parent_id, name, url, component, component_name, menu_type, sort_no, icon, is_leaf) values
  ('menu-home', null, 'menu.home', '/dashboard/analysis', 'dashboard/Analysis', 'Analysis', 0, 0, 'home', true)
on conflict (id) do nothing;

insert into sys_role_permission (role_id, permission_id)
select r.id, 'menu-home' from sys_role r where r.id in ('role-admin', 'role-operator', 'role-viewer')
on conflict do nothing;

insert into sys_i18n (key, zh_cn, en_us) values
  ('menu.home', '首页', 'Home'),
  ('role.admin', '管理员', 'Administrator'),
  ('role.operator', '运维人员', 'Operator'),
  ('role.viewer', '访客', 'Viewer'),
  ('depart.A01', '智慧照明中心', 'Smart Lighting Centre'),
  ('depart.A01A01', '运维部', 'Operations'),
  ('depart.A01A02', '监控中心', 'Monitoring Centre')
on conflict (key) do nothing;

insert into sys_dict (id, dict_name, dict_code) values
  ('dict-sex', '性别', 'sex'),
  ('dict-user-status', '用户状态', 'user_status'),
  ('dict-yn', '是否', 'yn'),
  ('dict-valid', '有效状态', 'valid_status'),
  ('dict-menu-type', '菜单类型', 'menu_type'),
  ('dict-priority', '优先级', 'priority'),
  ('dict-msg-category', '消息类型', 'msg_category'),
  ('dict-send-status', '发布状态', 'send_status'),
  ('dict-user-type', '用户类型', 'user_type')
on conflict (id) do nothing;

insert into sys_dict_item (dict_id, item_text, item_value, sort_order) values
  ('dict-sex', '男', '1', 1), ('dict-sex', '女', '2', 2),
  ('dict-user-status', '正常', '1', 1), ('dict-user-status', '冻结', '2', 2),
  ('dict-yn', '是', '1', 1), ('dict-yn', '否', '0', 2),
  ('dict-valid', '有效', '1', 1), ('dict-valid', '无效', '0', 2),
  ('dict-menu-type', '一级菜单', '0', 1), ('dict-menu-type', '子菜单', '1', 2), ('dict-menu-type', '按钮权限', '2', 3),
  ('dict-priority', '低', 'L', 1), ('dict-priority', '中', 'M', 2), ('dict-priority', '高', 'H', 3),
  ('dict-msg-category', '通知公告', '1', 1), ('dict-msg-category', '系统消息', '2', 2),
  ('dict-send-status', '未发布', '0', 1), ('dict-send-status', '已发布', '1', 2), ('dict-send-status', '已撤销', '2', 3),
  ('dict-user-type', '大屏用户', '0', 1), ('dict-user-type', '普通用户', '1', 2)
on conflict (dict_id, item_value) do nothing;

insert into sys_i18n (key, zh_cn, en_us) values
  ('dict.sex.1', '男', 'Male'), ('dict.sex.2', '女', 'Female'),
  ('dict.user_status.1', '正常', 'Normal'), ('dict.user_status.2', '冻结', 'Frozen'),
  ('dict.yn.1', '是', 'Yes'), ('dict.yn.0', '否', 'No'),
  ('dict.valid_status.1', '有效', 'Valid'), ('dict.valid_status.0', '无效', 'Invalid'),
  ('dict.menu_type.0', '一级菜单', 'Top menu'), ('dict.menu_type.1', '子菜单', 'Sub-menu'), ('dict.menu_type.2', '按钮权限', 'Button'),
  ('dict.priority.L', '低', 'Low'), ('dict.priority.M', '中', 'Medium'), ('dict.priority.H', '高', 'High'),
  ('dict.msg_category.1', '通知公告', 'Announcement'), ('dict.msg_category.2', '系统消息', 'System message'),
  ('dict.send_status.0', '未发布', 'Draft'), ('dict.send_status.1', '已发布', 'Published'), ('dict.send_status.2', '已撤销', 'Revoked'),
  ('dict.user_type.0', '大屏用户', 'Big-screen user'), ('dict.user_type.1', '普通用户', 'Regular user')
on conflict (key) do nothing;

insert into sys_platform_setting (key, value) values
  ('platform', '{"platFormTitleCn": "智慧路灯综合管理平台", "platFormTitleEn": "ICS Smart Lighting Platform", "platFormLogo": null, "platFormLoginSrc": null, "platFormCopyRightName": "ICS", "platFormCopyRightUrl": "", "icpNumber": "", "registerEnabled": false}')
on conflict (key) do nothing;
