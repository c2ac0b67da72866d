import type { dictZhCN } from './zh-CN';

export const dictEnUS: typeof dictZhCN = {
  common: {
    createTime: 'Created',
    description: 'Description',
    status: 'Status',
    sortOrder: 'Sort order',
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
  title: 'Dictionaries',
  dictName: 'Dictionary name',
  dictCode: 'Dictionary code',
  addTitle: 'Add dictionary',
  editTitle: 'Edit dictionary',
  items: 'Items',
  itemsTitle: 'Items of: {{name}}',
  itemText: 'Text',
  itemValue: 'Value',
  addItemTitle: 'Add item',
  editItemTitle: 'Edit item',
  refreshCache: 'Refresh cache',
};
