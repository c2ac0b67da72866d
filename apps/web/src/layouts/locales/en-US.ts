import type { layoutZhCN } from './zh-CN';

export const layoutEnUS: typeof layoutZhCN = {
  user: {
    modules: {
      lighting: 'Street lighting',
      map: 'Map monitoring',
      alarm: 'Alarms',
      led: 'LED screens',
      radio: 'Broadcast',
      camera: 'Cameras',
      env: 'Environment',
    },
    subtitleFallback: 'Operations platform',
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
