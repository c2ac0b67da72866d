import { defineMessages } from '../../lib/messages';

export const dictMessages = defineMessages({
  zhCN: {
    'system.cache_refreshed': '刷新缓存完成！',
    'system.dict.code_taken': '字典编码已存在',
    'system.dict_item.value_taken': '数据值已存在',
    'system.dict_item.value_free': '该值可用！',
    'system.dict_item.value_not_free': '该值不可用，系统中已存在！',
    'system.dict.table_not_allowed': '不支持的字典表：{table}',
  },
  enUS: {
    'system.cache_refreshed': 'Caches refreshed!',
    'system.dict.code_taken': 'That dictionary code exists already',
    'system.dict_item.value_taken': 'That value exists already',
    'system.dict_item.value_free': 'This value is available!',
    'system.dict_item.value_not_free': 'This value is not available: it exists already!',
    'system.dict.table_not_allowed': 'Dictionary table not allowed: {table}',
  },
});
