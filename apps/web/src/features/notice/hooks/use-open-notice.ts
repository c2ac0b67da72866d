import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MY_ANNOUNCEMENTS_KEY, markAnnouncementRead, USER_ANNOUNCEMENTS_KEY } from '../api/announcements';
import type { NoticeRecord } from '../components/announcement-modal';

/** Opening an announcement marks it read and reloads the counts (spec §4). */
export function useOpenNotice() {
  const client = useQueryClient();
  const [record, setRecord] = useState<NoticeRecord | null>(null);
  const open = (next: NoticeRecord) => {
    setRecord(next);
    void markAnnouncementRead(next.anntId)
      .catch(() => undefined)
      .then(() =>
        Promise.all([
          client.invalidateQueries({ queryKey: USER_ANNOUNCEMENTS_KEY }),
          client.invalidateQueries({ queryKey: MY_ANNOUNCEMENTS_KEY }),
        ]),
      );
  };
  return { record, open, close: () => setRecord(null) };
}
