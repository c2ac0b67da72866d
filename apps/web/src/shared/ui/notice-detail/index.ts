export { type NoticeDetailComponent, noticeDetailLoader, registerNoticeDetail } from './registry';
