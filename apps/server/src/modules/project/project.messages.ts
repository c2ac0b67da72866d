import { defineMessages } from '../../lib/messages';

export const projectMessages = defineMessages({
  zhCN: { 'system.project.code_taken': '项目编码已存在' },
  enUS: { 'system.project.code_taken': 'That project code exists already' },
});
