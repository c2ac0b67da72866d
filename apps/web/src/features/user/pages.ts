/** Lazy entry points of the user module's views (one chunk each). */
export const userListPage = () => import('./components/user-list-page');

/** `system/UserDetail`, the detail an announcement of openType component opens. */
export const userDetail = () => import('./components/user-detail');
