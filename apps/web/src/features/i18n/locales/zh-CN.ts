/** Texts of the translation page (namespace `i18n`). en-US must satisfy this type. */
export const i18nZhCN = {
  common: {
    updateTime: '更新时间',
  },
  title: '国际化',
  key: '翻译键',
  zhCn: '中文',
  enUs: '英文',
  addTitle: '新增翻译',
  editTitle: '编辑翻译',
  inlineHint: '点击译文可直接修改',
};
