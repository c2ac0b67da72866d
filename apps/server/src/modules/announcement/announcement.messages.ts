import { defineMessages } from '../../lib/messages';

const zhCN = {
  'announcement.not_found': '未找到对应的通知公告',
  'announcement.not_draft': '只能编辑未发布的通知公告',
  'announcement.already_published': '该通知公告已发布',
  'announcement.not_published': '只能撤销已发布的通知公告',
  'announcement.id_required': '缺少通知公告ID',
  'announcement.unknown_users': '接收用户不存在：{ids}',
  'announcement.released': '该值发布成功',
  'announcement.revoked': '该值撤销成功',
  'announcement.deleted': '删除成功!',
  'announcement.read': '已读',
  'announcement.read_all': '全部已读',
  'announcement.to_all': '全部用户',
  'announcement.to_users': '指定用户',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'announcement.not_found': 'No such announcement',
  'announcement.not_draft': 'Only unpublished announcements can be edited',
  'announcement.already_published': 'This announcement is already published',
  'announcement.not_published': 'Only published announcements can be revoked',
  'announcement.id_required': 'The announcement id is missing',
  'announcement.unknown_users': 'Unknown recipients: {ids}',
  'announcement.released': 'Published',
  'announcement.revoked': 'Revoked',
  'announcement.deleted': 'Deleted!',
  'announcement.read': 'Marked as read',
  'announcement.read_all': 'All marked as read',
  'announcement.to_all': 'Everyone',
  'announcement.to_users': 'Chosen users',
};

export const announcementMessages = defineMessages({ zhCN, enUS });
