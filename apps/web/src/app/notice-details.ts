import type { AnnouncementComponent } from '@ics/contract';
import { userDetail } from '../features/user/pages';
import { type NoticeDetailComponent, registerNoticeDetail } from '../shared/ui/notice-detail';

/**
 * Detail views announcements of openType component open (like the view registry, the app
 * wires features together here). Every name of the contract's ANNOUNCEMENT_COMPONENTS has one.
 */
const details: Record<AnnouncementComponent, () => Promise<{ default: NoticeDetailComponent }>> = {
  'system/UserDetail': userDetail,
};
for (const [name, load] of Object.entries(details)) registerNoticeDetail(name, load);
