/** Texts of the platform settings page (namespace `platform`). en-US must satisfy this type. */
export const platformZhCN = {
  common: {
    save: '保存',
    saved: '保存成功',
  },
  title: '平台设置',
  basic: '基本信息',
  titleCn: '平台名称（中文）',
  titleEn: '平台名称（英文）',
  logo: '平台 Logo',
  logoHint: 'PNG 或 JPEG，不超过 200 KB，建议 180×180',
  loginBackground: '登录页背景',
  loginBackgroundHint: 'PNG 或 JPEG，不超过 2 MB',
  copyrightName: '版权所有者',
  copyrightUrl: '版权链接',
  icpNumber: 'ICP 备案号',
  registerEnabled: '允许用户注册',
  tileUrl: '地图瓦片地址',
  tileUrlHelp:
    '例如 https://tile.openstreetmap.org/{z}/{x}/{y}.png；无互联网时可将瓦片复制到数据目录的 tiles 文件夹并填写 /ics/sys/common/tiles/{z}/{x}/{y}.png；留空则使用无底图模式',
  tileAttribution: '地图版权说明',
};
