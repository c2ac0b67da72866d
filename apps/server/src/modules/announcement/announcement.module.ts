import type { Database } from '../../db/database';
import { adminMessages } from '../../http/admin.messages';
import { serviceModule } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import type { I18nService } from '../i18n';
import type { Realtime } from '../realtime';
import type { UserService } from '../user';
import { announcementMessages } from './announcement.messages';
import { registerAnnouncementRoutes } from './announcement.routes';
import { AnnouncementService } from './announcement.service';

export type AnnouncementModuleDeps = {
  db: Database;
  i18n: I18nService;
  /** Pushes a published notice to the consoles of its addressees. */
  realtime: Realtime;
  users: UserService;
};

/** Announcements and system messages (sys_announcement) and who received and read them (sys_announcement_send). */
export function createAnnouncementModule(deps: AnnouncementModuleDeps) {
  registerMessages(adminMessages);
  registerMessages(announcementMessages);
  const service = new AnnouncementService(deps.db, deps.i18n, deps.realtime, deps.users);
  return serviceModule(service, registerAnnouncementRoutes);
}
