import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformTitle, usePlatformSettings } from '../../../shared/hooks/use-platform-settings';
import { useSession } from '../../../shared/lib/auth/session-store';
import '../locales';
import { greetingPeriod } from '../utils/greeting';
import './analysis-page.css';

/** The hour, refreshed each minute so the greeting follows the clock on a long-open tab. */
function useHour(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Home (`dashboard/Analysis`): greeting by hour with the user's name and the platform title. */
export default function AnalysisPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const settings = usePlatformSettings();
  const now = useHour();
  const title = platformTitle(settings, tc('appName'), user?.platFormTitleCn);
  const name = user?.realname || user?.username || '';
  const greeting = t(`greeting.${greetingPeriod(now.getHours())}`);
  return (
    <section className="ics-analysis" data-testid="dashboard-analysis">
      <h2 className="ics-analysis__welcome" data-testid="dashboard-greeting">
        {name ? t('welcome', { greeting, name }) : greeting}
      </h2>
      <p className="ics-analysis__intro">{t('intro', { title })}</p>
      <p className="ics-analysis__date">{t('today', { date: dayjs(now).format('YYYY-MM-DD dddd') })}</p>
    </section>
  );
}
