import type { layoutZhCN } from './zh-CN';

export const layoutEnUS: typeof layoutZhCN = {
  user: {
    subtitle: 'Street lighting · LED screens · Broadcast · Cameras · Environment',
  },
  header: {
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    logout: 'Log out',
    logoutConfirmTitle: 'Notice',
    logoutConfirmContent: 'Do you really want to log out?',
    menu: 'Main menu',
  },
  footer: {
    icp: 'Filing number: {{number}}',
  },
  iframe: {
    unavailable: 'The address of this page is not available.',
  },
};
