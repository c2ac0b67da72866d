import { defineMessages } from '../../lib/messages';

/** Messages of system administration (users, roles, menus, departments, dictionaries, ...). */
const zhCN = {
  'system.project.code_taken': '项目编码已存在',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'system.project.code_taken': 'That project code exists already',
};

export const systemMessages = defineMessages({ zhCN, enUS });
