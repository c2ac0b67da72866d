import type { logZhCN } from './zh-CN';

export const logEnUS: typeof logZhCN = {
  title: 'Logs',
  loginTab: 'Logins',
  operationTab: 'Operations',
  username: 'User',
  logContent: 'Content',
  ip: 'IP',
  method: 'Method',
  requestUrl: 'Request',
  costTime: 'Time (ms)',
  operateType: 'Operation',
  result: 'Result',
  ok: 'Succeeded',
  failed: 'Failed',
  createTime: 'Time',
};
