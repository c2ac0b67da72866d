/** Texts of the generic form-display widgets (namespace `widgets`). */
export const widgetsZhCN = {
  formContainer: {
    submit: '提交',
    cancel: '取消',
    empty: '暂无数据',
  },
  imageUpload: {
    upload: '上传图片',
    uploaded: '上传成功',
    none: '未设置',
    remove: '移除',
  },
  pageHeader: {
    search: '请输入关键字',
  },
};
