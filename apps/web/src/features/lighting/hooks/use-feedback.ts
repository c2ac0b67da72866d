import App from 'antd/es/app';

/** antd's context-aware message API (the basic layout provides <App>). */
export function useFeedback() {
  return App.useApp().message;
}
