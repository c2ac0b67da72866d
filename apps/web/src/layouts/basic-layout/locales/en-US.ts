import type { shellZhCN } from './zh-CN';

export const shellEnUS: typeof shellZhCN = {
  header: {
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    logout: 'Log out',
    logoutConfirmTitle: 'Notice',
    logoutConfirmContent: 'Do you really want to log out?',
    logoutFailed: 'Logging out failed',
    menu: 'Main menu',
    search: 'Search menu',
    searchPlaceholder: 'Search menu',
    searchEmpty: 'No matching menu',
    help: 'User guide',
    userMenu: 'User menu',
    settings: 'Settings',
    account: 'Account',
    password: 'Change password',
    depart: 'Switch department',
    screen: 'Big screen',
  },
  tabs: {
    closeHint: 'Close page (keyboard: Delete)',
    more: 'More pages',
    reload: 'Reload',
    closeLeft: 'Close left',
    closeRight: 'Close right',
    closeOthers: 'Close others',
    homeCannotClose: 'home page cannot be closed',
    lastPage: 'this is the last page, cannot close any more',
  },
};
