/** Texts of the layouts (namespace `layout`). */
export const layoutZhCN = {
  user: {
    /** The login subtitle names the modules this deployment has, in this order. */
    modules: {
      lighting: '智慧路灯',
      map: '地图监控',
      alarm: '告警运维',
      led: '信息屏',
      radio: '广播',
      camera: '视频',
      env: '环境监测',
    },
    subtitleFallback: '综合管理平台',
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
