import type { HttpFeedback } from './http/client';

/**
 * Notifications and dialogs for code outside React (the HTTP client). Signed-in pages install
 * the context-aware instances of antd's <App> (see shared/ui/feedback-bridge); before that,
 * for instance on the login page, antd's static notification and modal are loaded on first
 * use, so they cost nothing in the login bundle.
 */
const lazyStatic: HttpFeedback = {
  notify: (notice) => {
    void import('./static-feedback').then((m) => m.staticFeedback.notify(notice));
  },
  showExpired: (dialog) => {
    void import('./static-feedback').then((m) => m.staticFeedback.showExpired(dialog));
  },
};

let current: HttpFeedback = lazyStatic;

/** Installs `feedback`; returns a function that restores the previous one. */
export function setFeedback(feedback: HttpFeedback): () => void {
  const previous = current;
  current = feedback;
  return () => {
    if (current === feedback) current = previous;
  };
}

export function getFeedback(): HttpFeedback {
  return current;
}
