import { useTranslation } from 'react-i18next';
import './page-loading.css';

/** A light loading indicator for lazy routes (no antd, so it costs nothing in the entry chunk). */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ics-page-loading" role="status" aria-live="polite">
      <span className="ics-page-loading__dot" />
      <span className="ics-page-loading__dot" />
      <span className="ics-page-loading__dot" />
      <span className="ics-visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}

/** A thin bar at the top of the window while a navigation loads. */
export function NavigationProgress({ active }: { active: boolean }) {
  return (
    <div className={`ics-nav-progress${active ? ' ics-nav-progress--active' : ''}`} aria-hidden="true" />
  );
}
