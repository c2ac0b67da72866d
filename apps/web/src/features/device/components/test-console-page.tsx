import type { DeviceSearchHit } from '@ics/contract';
import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHas } from '../../../shared/ui/has';
import { searchDevices } from '../api/search-devices';
import '../locales';
import { CommandPanel } from './command-panel';
import { RawMessagePanel } from './raw-message-panel';
import './test-console-page.css';

export const TEST_MARK = 'test:device:command';

const hitKey = (hit: DeviceSearchHit) => `${hit.kind}:${hit.id}`;

function hitLabel(hit: DeviceSearchHit, kindText: string) {
  return `${kindText} · ${hit.sn}${hit.address ? ` / ${hit.address}` : ''} · ${hit.name}`;
}

/** The search box: gateways and devices by sn, address or name. */
function TargetSearch({
  value,
  onChange,
}: {
  value: DeviceSearchHit | null;
  onChange(hit: DeviceSearchHit): void;
}) {
  const { t } = useTranslation('device');
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<DeviceSearchHit[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    const timer = setTimeout(() => {
      searchDevices(keyword)
        .then((found) => {
          if (seq.current === mine) setHits(found);
        })
        .catch(() => undefined)
        .finally(() => {
          if (seq.current === mine) setLoading(false);
        });
    }, 250);
    return () => clearTimeout(timer);
  }, [keyword]);

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      data-testid="target-search"
      style={{ width: '100%' }}
      placeholder={t('test.target.placeholder')}
      loading={loading}
      value={value ? hitKey(value) : undefined}
      onChange={(key: string) => {
        const hit = hits.find((h) => hitKey(h) === key);
        if (hit) onChange(hit);
      }}
      options={hits.map((hit) => ({
        value: hitKey(hit),
        label: hitLabel(hit, t(`test.kinds.${hit.kind}`)),
      }))}
    />
  );
}

/** `/test/TestSpecial`: raw messages of a gateway, any protocol command and its outcome. */
export default function TestConsolePage() {
  const { t } = useTranslation('device');
  const has = useHas();
  const [target, setTarget] = useState<DeviceSearchHit | null>(null);

  if (!has(TEST_MARK))
    return (
      <Result status="403" title="403" subTitle={t('test.noPermission')} data-testid="test-console-denied" />
    );

  return (
    <div className="ics-test-console" data-testid="test-console">
      <Card size="small" title={t('test.target.title')}>
        <TargetSearch value={target} onChange={setTarget} />
        {target && (
          <div className="ics-test-console__target" data-testid="test-target">
            <Tag color="geekblue">{t(`test.kinds.${target.kind}`)}</Tag>
            <strong>{target.name}</strong>
            <span>
              {target.sn}
              {target.address ? ` / ${target.address}` : ''}
            </span>
            <Badge
              status={target.online ? 'success' : 'default'}
              text={target.online ? t('test.target.online') : t('test.target.offline')}
            />
          </div>
        )}
      </Card>
      {target ? (
        <Row gutter={12} style={{ marginTop: 12 }}>
          <Col xs={24} lg={14}>
            <RawMessagePanel key={target.gatewayId} gatewayId={target.gatewayId} address={target.address} />
          </Col>
          <Col xs={24} lg={10}>
            <CommandPanel key={hitKey(target)} target={target} />
          </Col>
        </Row>
      ) : (
        <Empty style={{ marginTop: 48 }} description={t('test.target.none')} />
      )}
    </div>
  );
}
