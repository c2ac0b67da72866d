import type { i18nZhCN } from './zh-CN';

export const i18nEnUS: typeof i18nZhCN = {
  common: {
    updateTime: 'Updated',
  },
  title: 'Translations',
  key: 'Key',
  zhCn: 'Chinese',
  enUs: 'English',
  addTitle: 'Add translation',
  editTitle: 'Edit translation',
  inlineHint: 'Click a text to change it in place',
};
