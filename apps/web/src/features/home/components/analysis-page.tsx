import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import theme from 'antd/es/theme';
import dayjs from 'dayjs';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { platformTitle, usePlatformSettings } from '../../../shared/hooks/use-platform-settings';
import { useSession } from '../../../shared/lib/auth/session-store';
import { type DashboardTile, dashboardTiles } from '../../../shared/ui/dashboard-tile';
import { useHas, useHasPage } from '../../../shared/ui/has';
import { thousands } from '../../../shared/utils/format';
import { NoProjectNotice } from '../../lighting';
import { useLogInfo } from '../api/get-log-info';
import { useVisitInfo } from '../api/get-visit-info';
import '../locales';
import { greetingPeriod } from '../utils/greeting';
import './analysis-page.css';

const VisitChart = lazy(() => import('./visit-chart'));

/** The visit counters: text key, field of the log info, test id. */
const COUNTERS = [
  ['todayVisits', 'todayVisitCount', 'count-today-visits'],
  ['todayIp', 'todayIp', 'count-today-ip'],
  ['total', 'totalVisitCount', 'count-total'],
] as const;

/** The hour, refreshed each minute so the greeting follows the clock on a long-open tab. */
function useHour(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Counter({ title, value, testId }: { title: string; value: number | undefined; testId: string }) {
  return (
    <Card size="small" className="ics-analysis__counter">
      <Statistic
        title={title}
        value={value ?? '-'}
        formatter={(v) => (typeof v === 'number' ? thousands(v) : String(v))}
        loading={value === undefined}
        data-testid={testId}
      />
    </Card>
  );
}

const tileComponents = new Map<string, LazyExoticComponent<ComponentType>>();
function tileComponent(tile: DashboardTile) {
  let component = tileComponents.get(tile.key);
  if (!component) {
    component = lazy(tile.load);
    tileComponents.set(tile.key, component);
  }
  return component;
}

/** Module tiles registered in app/dashboard-tiles.ts, each loading its own figures. */
function ModuleTiles() {
  const { i18n } = useTranslation();
  const has = useHas();
  const tiles = dashboardTiles()
    .filter((tile) => !tile.mark || has(tile.mark))
    .map((tile) => ({ tile, Component: tileComponent(tile) }));
  if (!tiles.length) return null;
  return (
    <Row gutter={[16, 16]} className="ics-analysis__tiles" data-testid="dashboard-tiles">
      {tiles.map(({ tile, Component }) => (
        <Col key={tile.key} xs={24} sm={12} xl={6}>
          <Card
            size="small"
            title={
              typeof tile.title === 'string'
                ? tile.title
                : (i18n.t as (k: string, o: object) => string)(tile.title.key, { ns: tile.title.ns })
            }
            data-testid={`dashboard-tile-${tile.key}`}
          >
            <Suspense fallback={<Skeleton active paragraph={{ rows: 1 }} />}>
              <Component />
            </Suspense>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * Home (`dashboard/Analysis`): greeting by the hour with the user's name, the tiles the device
 * modules register first (what an operator needs), then — for those who may read the login log —
 * sign-in counters (`/sys/loginfo`) and the last 7 days (`/sys/visitInfo`) as a lazily loaded chart.
 */
export default function AnalysisPage() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const user = useSession((s) => s.userInfo);
  const settings = usePlatformSettings();
  const now = useHour();
  const title = platformTitle(settings, tc('appName'), user?.platFormTitleCn);
  const name = user?.realname || user?.username || '';
  const greeting = t(`greeting.${greetingPeriod(now.getHours())}`);
  // The log's view mark is on its menu entry: the menu says whether this user reads it.
  const canReadLog = useHasPage('/system/log');
  const logInfo = useLogInfo(canReadLog);
  const visits = useVisitInfo(canReadLog);
  const labels = useMemo(() => ({ visit: t('chart.visit'), ip: t('chart.ip') }), [t]);

  return (
    <div className="ics-analysis-page" data-testid="dashboard-analysis">
      <section className="ics-analysis">
        <h2 className="ics-analysis__welcome" data-testid="dashboard-greeting">
          {name ? t('welcome', { greeting, name }) : greeting}
        </h2>
        <p className="ics-analysis__intro">{t('intro', { title })}</p>
        <p className="ics-analysis__date">{t('today', { date: dayjs(now).format('YYYY-MM-DD dddd') })}</p>
      </section>

      <NoProjectNotice />
      <ModuleTiles />

      {canReadLog && (
        <>
          <Row gutter={[16, 16]} className="ics-analysis__counters">
            {COUNTERS.map(([key, field, testId]) => (
              <Col xs={24} sm={8} key={key}>
                <Counter title={t(`counters.${key}`)} value={logInfo.data?.[field]} testId={testId} />
              </Col>
            ))}
          </Row>
          <Card title={t('chart.title')} className="ics-analysis__chart" size="small">
            {visits.data ? (
              <Suspense fallback={<Skeleton active />}>
                <VisitChart days={visits.data} labels={labels} color={token.colorPrimary} />
              </Suspense>
            ) : (
              <Skeleton active loading={visits.isPending} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
