import App from 'antd/es/app';
import { useEffect } from 'react';
import { setFeedback } from '../lib/feedback';

/**
 * Hands antd's context-aware notification and modal (theme, locale) to code outside React,
 * the HTTP client. Render it inside antd's <App>.
 */
export function FeedbackBridge() {
  const { notification, modal } = App.useApp();
  useEffect(
    () =>
      setFeedback({
        notify: ({ key, title, description }) => notification.error({ key, title, description }),
        showExpired: ({ title, content, okText, onOk }) => {
          modal.error({ title, content, okText, onOk, keyboard: false, closable: false });
        },
      }),
    [notification, modal],
  );
  return null;
}
