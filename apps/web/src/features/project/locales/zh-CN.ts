/** Texts of the project page (namespace `project`). en-US must satisfy this type. */
export const projectZhCN = {
  common: {
    createTime: '创建时间',
    description: '描述',
  },
  title: '项目管理',
  name: '项目名称',
  nameZh: '项目名称（中文）',
  nameEn: '项目名称（英文）',
  descriptionZh: '描述（中文）',
  descriptionEn: '描述（英文）',
  englishHint: '英文界面显示；不填则显示中文',
  code: '项目编码',
  region: '所属区域',
  longitude: '中心经度',
  latitude: '中心纬度',
  timeZone: '时区',
  departs: '可见部门',
  addTitle: '新增项目',
  editTitle: '编辑项目',
};
