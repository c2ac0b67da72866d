/** Texts of the project page (namespace `project`). en-US must satisfy this type. */
export const projectZhCN = {
  common: {
    createTime: '创建时间',
    description: '描述',
    edit: '编辑',
  },
  title: '项目管理',
  name: '项目名称',
  code: '项目编码',
  region: '所属区域',
  longitude: '中心经度',
  latitude: '中心纬度',
  timeZone: '时区',
  departs: '可见部门',
  addTitle: '新增项目',
  editTitle: '编辑项目',
};
