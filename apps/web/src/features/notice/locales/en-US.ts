import type { noticeZhCN } from './zh-CN';

export const noticeEnUS: typeof noticeZhCN = {
  bell: {
    label: 'Notifications',
    announcements: 'Notices ({{count}})',
    system: 'System ({{count}})',
    empty: 'No messages',
    more: 'View all',
  },
  detail: {
    title: 'Announcement',
    sender: 'Sender: ',
    sendTime: 'Sent: ',
    handle: 'Go handle',
    close: 'Close',
  },
  page: {
    title: 'My messages',
    search: 'Title',
    readFlag: 'Read state',
    all: 'All',
    read: 'Read',
    unread: 'Unread',
    query: 'Search',
    reset: 'Reset',
    readAll: 'Mark all read',
    readAllDone: 'All messages are marked read',
    manage: 'Manage announcements',
    columns: {
      title: 'Title',
      category: 'Type',
      sender: 'Sender',
      sendTime: 'Sent',
      priority: 'Priority',
      readFlag: 'Read state',
      action: 'Action',
    },
    view: 'View',
    total: '{{total}} in total',
  },
};
