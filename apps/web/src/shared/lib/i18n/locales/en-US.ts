import type { commonZhCN, httpZhCN } from './zh-CN';

export const commonEnUS: typeof commonZhCN = {
  appName: 'ICS Smart Lighting Platform',
  language: {
    label: 'Language',
    'zh-CN': '中文',
    'en-US': 'English',
  },
  actions: {
    ok: 'OK',
    cancel: 'Cancel',
    back: 'Back',
    backHome: 'Back to home',
    reload: 'Reload',
    logout: 'Log out',
  },
  routes: {
    home: 'Home',
    notFound: 'Page not found',
    help: 'User guide',
  },
  loading: 'Loading…',
  footer: {
    copyright: 'Copyright © {{year}} {{name}}',
  },
  pageError: {
    title: 'The page failed to load',
    description: 'Check the network connection and reload the page.',
  },
};

export const httpEnUS: typeof httpZhCN = {
  title: 'System notice',
  forbidden: 'Access denied',
  notFound: 'Sorry, the resource was not found!',
  timeout: 'Network timeout',
  unauthorized: 'Unauthorised, please log in again',
  network: 'Network error, please try again later',
  unknown: 'The request failed, please try again later',
  expired: {
    title: 'Login expired',
    content: 'Sorry, your login has expired, please log in again',
    okText: 'Log in again',
  },
};
