/** Texts of the log page (namespace `log`). en-US must satisfy this type. */
export const logZhCN = {
  title: '系统日志',
  loginTab: '登录日志',
  operationTab: '操作日志',
  username: '操作人',
  logContent: '日志内容',
  ip: 'IP',
  method: '请求方法',
  requestUrl: '请求地址',
  costTime: '耗时（毫秒）',
  operateType: '操作类型',
  result: '结果',
  ok: '成功',
  failed: '失败',
  createTime: '时间',
};
