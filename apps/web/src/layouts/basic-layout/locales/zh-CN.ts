/** Texts of the layouts (namespace `shell`, the signed-in layout). */
export const shellZhCN = {
  header: {
    collapse: '收起菜单',
    expand: '展开菜单',
    logout: '退出登录',
    logoutConfirmTitle: '提示',
    logoutConfirmContent: '真的要注销登录吗？',
    logoutFailed: '退出登录失败',
    menu: '主菜单',
    search: '搜索菜单',
    searchPlaceholder: '搜索菜单',
    searchEmpty: '没有匹配的菜单',
    help: '使用文档',
    userMenu: '用户菜单',
    settings: '系统设置',
    password: '修改密码',
    depart: '切换部门',
    screen: '大屏展示',
  },
  tabs: {
    reload: '刷新',
    closeLeft: '关闭左侧',
    closeRight: '关闭右侧',
    closeOthers: '关闭其它',
    homeCannotClose: '首页不能关闭!',
    lastPage: '这是最后一页，不能再关闭了!',
  },
};
