/** Lazy entry points of the announcement module's pages (one chunk each). */
export const announcementListPage = () => import('./components/announcement-list-page');

/** `/isps/userAnnouncement`: the user's own announcements and system messages. */
export const userAnnouncementPage = () => import('./components/user-announcement-page');
