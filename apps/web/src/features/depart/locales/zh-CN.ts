/** Texts of the department dialog (namespace `depart`). */
export const departZhCN = {
  selectTitle: '部门选择',
  switchTitle: '切换部门',
  current: '当前部门：{{name}}',
  label: '部门',
  placeholder: '请选择登录部门',
  required: '请选择登录部门',
  none: '您尚未设置部门信息!',
  switched: '部门已切换',
  switchEntry: '切换部门',
};
