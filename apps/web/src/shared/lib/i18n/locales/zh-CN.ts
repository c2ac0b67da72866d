/** App-wide texts (namespace `common`). The en-US file must satisfy this type. */
export const commonZhCN = {
  appName: '智慧路灯综合管理平台',
  language: {
    label: '语言',
    'zh-CN': '中文',
    'en-US': 'English',
  },
  actions: {
    ok: '确定',
    cancel: '取消',
    back: '返回',
    backHome: '返回首页',
    reload: '重新加载',
    logout: '退出登录',
  },
  routes: {
    home: '首页',
    notFound: '页面不存在',
    help: '使用帮助',
  },
  loading: '加载中…',
  footer: {
    copyright: 'Copyright © {{year}} {{name}}',
  },
  pageError: {
    title: '页面加载失败',
    description: '请检查网络后重新加载页面。',
  },
};

/** The HTTP error catalogue (namespace `http`, spec §8). */
export const httpZhCN = {
  title: '系统提示',
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  network: '网络连接异常，请稍后再试',
  unknown: '请求失败，请稍后再试',
  expired: {
    title: '登录已过期',
    content: '很抱歉，登录已过期，请重新登录',
    okText: '重新登录',
  },
};
