import type { LightingOverview } from '@ics/contract';
import Progress from 'antd/es/progress';
import Statistic from 'antd/es/statistic';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useOverview } from '../api/get-overview';
import '../locales';

function Figure({ pick, testId }: { pick(o: LightingOverview): React.ReactNode; testId: string }) {
  const overview = useOverview();
  return <div data-testid={testId}>{overview.data ? pick(overview.data) : '—'}</div>;
}

const pct = (rate: number) => Math.round(rate * 1000) / 10;

export function LampTotalTile() {
  const { t } = useTranslation('lighting');
  return (
    <Figure
      testId="tile-lamp-total"
      pick={(o) => (
        <Statistic value={o.lampTotal} suffix={<small>{`${t('common.online')} ${o.online}`}</small>} />
      )}
    />
  );
}

export function OnlineRateTile() {
  const { t } = useTranslation('lighting');
  return (
    <Figure
      testId="tile-online-rate"
      pick={(o) => <Progress percent={pct(o.onlineRate)} aria-label={t('tiles.onlineRate')} />}
    />
  );
}

export function LightingRateTile() {
  const { t } = useTranslation('lighting');
  return (
    <Figure
      testId="tile-lighting-rate"
      pick={(o) => (
        <Progress percent={pct(o.lightingRate)} strokeColor="#fadb14" aria-label={t('tiles.lightingRate')} />
      )}
    />
  );
}

export function TodayEnergyTile() {
  const { t } = useTranslation('lighting');
  return (
    <Figure
      testId="tile-today-energy"
      pick={(o) => <Statistic value={o.todayEnergyKwh} precision={2} suffix={t('tiles.kwh')} />}
    />
  );
}

/** Open faults; the figure opens the alarm list. */
export function OpenFaultsTile() {
  const { t } = useTranslation('lighting');
  return (
    <Figure
      testId="tile-open-faults"
      pick={(o) => (
        // The link's name holds its visible figure (WCAG 2.5.3: the name contains the label).
        <Link
          to="/alarm/list"
          aria-label={`${t('tiles.openFaults')}: ${o.openFaults}`}
          data-testid="tile-open-faults-link"
        >
          <Statistic
            value={o.openFaults}
            styles={{ content: { color: o.openFaults ? '#f5222d' : undefined } }}
          />
        </Link>
      )}
    />
  );
}
