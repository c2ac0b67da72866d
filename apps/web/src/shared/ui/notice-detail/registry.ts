import type { ComponentType } from 'react';

/** A detail view an announcement of openType `component` opens, with the announcement's busId. */
export type NoticeDetailComponent = ComponentType<{ id: string | null }>;
type Loader = () => Promise<{ default: NoticeDetailComponent }>;

const loaders = new Map<string, Loader>();

/**
 * Registers the component an announcement names in `openPage` (e.g. `alarm/AlarmDetail`).
 * The app wires modules here; unknown names fall back to the plain announcement view.
 */
export function registerNoticeDetail(name: string, load: Loader): void {
  loaders.set(name, load);
}

export function noticeDetailLoader(name: string | null | undefined): Loader | undefined {
  return name ? loaders.get(name.replace(/^\/+/, '').replace(/^views\//, '')) : undefined;
}
