/** Texts of the layouts (namespace `layout`). */
export const layoutZhCN = {
  user: {
    subtitle: '智慧路灯 · 信息屏 · 广播 · 视频 · 环境监测',
  },
  header: {
    collapse: '收起菜单',
    expand: '展开菜单',
    logout: '退出登录',
    logoutConfirmTitle: '提示',
    logoutConfirmContent: '真的要注销登录吗？',
    menu: '主菜单',
  },
  footer: {
    icp: '备案号：{{number}}',
  },
  iframe: {
    unavailable: '该页面的地址不可用。',
  },
};
