export { createAnnouncementModule } from './announcement.module';
