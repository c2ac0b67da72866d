import { defineMessages } from '../../lib/messages';

export const i18nMessages = defineMessages({
  zhCN: { 'system.i18n.key_taken': '翻译键已存在' },
  enUS: { 'system.i18n.key_taken': 'That translation key exists already' },
});
