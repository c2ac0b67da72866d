/** Texts of the error pages (namespace `exception`). */
export const exceptionZhCN = {
  notFound: {
    title: '404',
    description: '抱歉，您访问的页面不存在。',
    backHome: '返回首页',
  },
};
