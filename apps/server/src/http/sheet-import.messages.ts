import { defineMessages } from '../lib/messages';

/** Refusals of an .xlsx import (sheet-import.ts); the module with import routes registers them. */
export const sheetImportMessages = defineMessages({
  zhCN: {
    'system.import.bad_file': '无法读取Excel文件',
    'system.import.too_large': 'Excel文件解压后过大，最大{max}',
    'system.import.too_many_rows': 'Excel文件行数过多，最多{max}行',
    'system.import.too_many_columns': 'Excel文件列数过多，最多{max}列',
    'system.import.busy': '您的上一个导入尚未完成，请稍后再试',
  },
  enUS: {
    'system.import.bad_file': 'The Excel file cannot be read',
    'system.import.too_large': 'The Excel file is too large once unpacked (at most {max})',
    'system.import.too_many_rows': 'The Excel file has too many rows (at most {max})',
    'system.import.too_many_columns': 'The Excel file has too many columns (at most {max})',
    'system.import.busy': 'Your previous import is still running, please try again when it has finished',
  },
});
