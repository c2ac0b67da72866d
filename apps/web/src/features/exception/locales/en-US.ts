import type { exceptionZhCN } from './zh-CN';

export const exceptionEnUS: typeof exceptionZhCN = {
  notFound: {
    title: '404',
    description: 'Sorry, the page you visited does not exist.',
    backHome: 'Back to home',
  },
};
