import { useState } from 'react';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read';
import type { NoticeRecord } from '../components/announcement-modal';

/** Opening an announcement marks it read and reloads the counts (spec §4). */
export function useOpenNotice() {
  const markRead = useMarkAnnouncementRead();
  const [record, setRecord] = useState<NoticeRecord | null>(null);
  const open = (next: NoticeRecord) => {
    setRecord(next);
    markRead.mutate(next.anntId);
  };
  return { record, open, close: () => setRecord(null) };
}
