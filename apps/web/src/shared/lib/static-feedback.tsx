import ConfigProvider from 'antd/es/config-provider';
import Modal from 'antd/es/modal';
import notification from 'antd/es/notification';
import { THEME_TOKENS } from '../ui/theme';
import type { HttpFeedback } from './http/client';

// Static methods render outside the React tree: give them the product's theme.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={{ token: THEME_TOKENS }}>{children}</ConfigProvider>,
});

/** antd's static notification and modal (texts arrive already translated). */
export const staticFeedback: HttpFeedback = {
  notify: ({ key, title, description }) => notification.error({ key, title, description }),
  showExpired: ({ title, content, okText, onOk }) => {
    Modal.error({ title, content, okText, onOk, keyboard: false, closable: false });
  },
};
