import { defineMessages } from '../lib/messages';

/**
 * Texts every administrative module answers with: the outcome of a form or a deletion, and
 * the refusals of the list helper and of image uploads. Each module registers them with its own.
 */
export const adminMessages = defineMessages({
  zhCN: {
    'system.add_ok': '添加成功！',
    'system.edit_ok': '编辑成功!',
    'system.delete_ok': '删除成功!',
    'system.batch_delete_ok': '批量删除成功!',
    'system.save_ok': '保存成功！',
    'system.upload_ok': '上传成功！',
    'system.duplicate.available': '该值可用！',
    'system.export.sheet': '数据',
    'system.list.bad_column': '不支持的排序字段：{column}',
    'system.list.bad_filter': '查询条件无效：{field}',
    'system.list.bad_super_query': '高级查询条件无效',
    'system.upload.bad_image': '只能上传PNG或JPEG图片',
    'system.upload.no_file': '请选择要上传的文件（表单字段 file）',
    'system.upload.path': '{path}',
    'system.upload.too_large': '图片过大，最大{max}',
    'system.upload.too_many_pixels': '图片尺寸过大（{width}×{height}），最多{max}百万像素',
    'system.upload.too_often': '上传过于频繁，请{seconds}秒后再试',
  },
  enUS: {
    'system.add_ok': 'Added!',
    'system.edit_ok': 'Saved!',
    'system.delete_ok': 'Deleted!',
    'system.batch_delete_ok': 'Deleted!',
    'system.save_ok': 'Saved!',
    'system.upload_ok': 'Uploaded!',
    'system.duplicate.available': 'This value is available!',
    'system.export.sheet': 'Data',
    'system.list.bad_column': 'Cannot sort by: {column}',
    'system.list.bad_filter': 'Invalid filter: {field}',
    'system.list.bad_super_query': 'Invalid advanced query',
    'system.upload.bad_image': 'Only PNG or JPEG images can be uploaded',
    'system.upload.no_file': 'Choose a file to upload (form field "file")',
    'system.upload.path': '{path}',
    'system.upload.too_large': 'The image is too large (at most {max})',
    'system.upload.too_many_pixels': 'The image is too large ({width}×{height}): at most {max} megapixels',
    'system.upload.too_often': 'Too many uploads, please try again in {seconds} seconds',
  },
});
