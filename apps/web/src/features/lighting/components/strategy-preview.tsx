import type { PreviewResult } from '@ics/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { previewStrategy } from '../api/preview-strategy';
import type { StrategyBody } from '../api/save-strategy';
import { TargetSelect } from './target-select';

/** `HH:mm` of an instant in the project's time zone (the browser's may differ). */
const time = (iso: string | null, timeZone: string) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso))
    : '—';

/** The next 7 days of one lamp with the draft applied: sunrise/sunset, winner, every action. */
export function StrategyPreview({ draft, id }: { draft: () => Promise<StrategyBody | null>; id?: string }) {
  const { t } = useTranslation('lighting');
  const [lampId, setLampId] = useState<string>();
  const [result, setResult] = useState<PreviewResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const run = async () => {
    if (!lampId) return;
    const body = await draft();
    setLoading(true);
    setError(null);
    try {
      setResult(
        await previewStrategy({
          lampId,
          days: 7,
          ...(body ? { draft: { ...body, ...(id ? { id } : {}) } } : {}),
        }),
      );
    } catch (e) {
      setError(errorMessage(e, ''));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div data-testid="strategy-preview">
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <div style={{ flex: 1 }}>
          <TargetSelect kind="lamp" value={lampId} onChange={setLampId} testId="preview-lamp" />
        </div>
        <Button
          type="primary"
          disabled={!lampId}
          loading={loading}
          onClick={() => void run()}
          data-testid="preview-run"
        >
          {t('strategy.previewRun')}
        </Button>
      </Space.Compact>
      {error && <Alert type="error" showIcon title={error} />}
      {!result ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('strategy.noPreview')} />
      ) : (
        <Table
          size="small"
          rowKey="date"
          pagination={false}
          dataSource={result.days}
          columns={[
            { title: t('strategy.previewDate'), dataIndex: 'date', width: 100 },
            {
              title: `${t('strategy.sunset')} / ${t('strategy.sunrise')}`,
              key: 'sun',
              width: 110,
              render: (_, d) => `${time(d.sunset, result.timeZone)} / ${time(d.sunrise, result.timeZone)}`,
            },
            {
              title: t('strategy.actions'),
              key: 'entries',
              render: (_, d) =>
                result.entries
                  .filter((e) => e.date === d.date)
                  .map((e) => (
                    <Tag
                      key={`${e.time}-${e.actionIndex}-${e.strategyId}`}
                      color={e.action === 'off' ? 'default' : 'gold'}
                    >
                      {e.localTime.slice(11)} {t(`strategy.actionTypes.${e.action}`)}
                      {e.level !== null && e.action !== 'off' ? ` ${e.level}%` : ''}
                    </Tag>
                  )),
            },
            {
              title: t('strategy.previewWinner'),
              key: 'winner',
              width: 140,
              render: (_, d) => {
                const name = result.entries.find((e) => e.strategyId === d.winner)?.strategyName ?? d.winner;
                return name ?? '—';
              },
            },
          ]}
        />
      )}
    </div>
  );
}
