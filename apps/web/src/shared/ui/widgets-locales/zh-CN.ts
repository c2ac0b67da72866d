/** Texts of the generic form-display widgets (namespace `widgets`). */
export const widgetsZhCN = {
  formContainer: {
    submit: '提交',
    cancel: '取消',
    empty: '暂无数据',
  },
  pageHeader: {
    search: '请输入关键字',
  },
};
