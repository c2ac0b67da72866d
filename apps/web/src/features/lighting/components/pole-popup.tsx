import { CloseOutlined } from '@ant-design/icons';
import {
  type AlarmPoleDto,
  type DeviceDto,
  faultText,
  formatReading,
  type PoleDetailDto,
  reasonText,
  toLanguage,
} from '@ics/contract';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Slider from 'antd/es/slider';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/lib/http';
import { useControlJob } from '../../../shared/lib/realtime/control-job';
import { type LivePatches, mergeState, useLivePatches } from '../../../shared/lib/realtime/live-state';
import { commandStatusColor } from '../../../shared/ui/command-status';
import { useHas, useHasPage } from '../../../shared/ui/has';
import { controlLamp } from '../api/control-lamp';
import { getPoleDetail } from '../api/get-pole-detail';
import { alarmColors, alarmLevel, alarmTone } from '../utils/pole-alarms';

const CONTROL_MARK = 'lighting:lamp:control';

/** One lamp of the pole: live values, switch and dim with the outcome of the last command. */
function LampRow({ lamp, patches }: { lamp: DeviceDto; patches: LivePatches }) {
  const { t, i18n } = useTranslation('lighting');
  const lang = toLanguage(i18n.language);
  const has = useHas();
  const state = mergeState(lamp.state, patches.get(lamp.id));
  const on = state.values.on === true;
  const level = typeof state.values.level === 'number' ? state.values.level : 0;
  const [dim, setDim] = useState(level);
  const [error, setError] = useState<string | null>(null);
  const { job, track } = useControlJob();
  const outcome = job?.outcomes?.[0];
  const status = job
    ? job.rejected.length > 0 && job.total === 0
      ? 'rejected'
      : (outcome?.status ?? (job.done ? 'acked' : 'pending'))
    : null;

  useEffect(() => setDim(level), [level]);

  const send = async (action: 'on' | 'off' | 'dim', value?: number) => {
    setError(null);
    try {
      track(await controlLamp(lamp.id, action, value));
    } catch (e) {
      setError(errorMessage(e, ''));
    }
  };

  return (
    <div className="ics-gis-popup__lamp" data-testid={`gis-lamp-${lamp.address}`}>
      <div className="ics-gis-popup__lamp-head">
        <Badge status={state.online ? 'success' : 'default'} />
        <strong>{lamp.name}</strong>
        <span className="ics-gis-popup__muted">
          {lamp.gatewaySn} / {lamp.address}
        </span>
      </div>
      <div className="ics-gis-popup__values" data-testid="gis-lamp-values">
        <span>
          {on ? t('map.popup.on') : t('map.popup.off')} · {t('map.popup.level')}{' '}
          <b data-testid="gis-lamp-level">{level}</b>%
        </span>
        <span>
          {t('map.popup.power')} {formatReading('power', state.values.power, true)}
        </span>
        <span>
          {t('map.popup.voltage')} {formatReading('voltage', state.values.voltage, true)}
        </span>
        <span>
          {t('map.popup.current')} {formatReading('current', state.values.current, true)}
        </span>
        <span>
          {t('map.popup.energy')} {formatReading('energy', state.values.energy, true)}
        </span>
      </div>
      {state.faults.length > 0 && (
        <div>
          {state.faults.map((f) => (
            <Tag key={f} color="red" data-code={f}>
              {faultText(f, lang)}
            </Tag>
          ))}
        </div>
      )}
      {has(CONTROL_MARK) && (
        <div className="ics-gis-popup__controls">
          <Switch
            checked={on}
            data-testid="gis-lamp-switch"
            aria-label={t('control.title')}
            onChange={(checked) => void send(checked ? 'on' : 'off')}
            checkedChildren={t('map.popup.on')}
            unCheckedChildren={t('map.popup.off')}
          />
          <Slider
            style={{ flex: 1, margin: '0 8px' }}
            min={0}
            max={100}
            value={dim}
            onChange={setDim}
            ariaLabelForHandle={t('lamp.level')}
          />
          <Button size="small" data-testid="gis-lamp-dim" onClick={() => void send('dim', dim)}>
            {t('map.popup.dim')} {dim}%
          </Button>
        </div>
      )}
      {status && (
        <Tag
          data-testid={`gis-lamp-outcome-${status}`}
          color={status === 'rejected' ? 'red' : commandStatusColor[status]}
        >
          {t(`map.status.${status}`)}
          {outcome?.reason ? ` · ${reasonText(outcome.reason, lang)}` : ''}
        </Tag>
      )}
      {error && <Tag color="red">{error}</Tag>}
    </div>
  );
}

/** How many active alarms the pole has, the most severe, and the way to the alarm list of the pole. */
function PoleAlarms({ alarm, poleId, code }: { alarm: AlarmPoleDto; poleId: string; code: string }) {
  const { t } = useTranslation('lighting');
  const canOpenList = useHasPage('/alarm/list');
  return (
    <div
      className="ics-gis-popup__alarms"
      data-testid="gis-popup-alarms"
      data-severity={alarm.severity}
      data-count={alarm.count}
    >
      <i
        className="ics-gis__ring"
        style={{ borderColor: alarmColors[alarmTone(alarmLevel(alarm.severity))] }}
        aria-hidden
      />
      <strong>{t('map.popup.alarms', { count: alarm.count })}</strong>
      <span className="ics-gis-popup__muted">
        {t('map.popup.worst', { severity: t(`map.popup.severity.${alarm.severity}`) })}
      </span>
      {canOpenList && (
        <Link
          to={`/alarm/list?${new URLSearchParams({ poleId, pole: code })}`}
          data-testid="gis-popup-alarms-link"
        >
          {t('map.popup.openAlarms')}
        </Link>
      )}
    </div>
  );
}

/**
 * The pole's card on the map: where it is, what is mounted, its active alarms (`alarm`, when
 * the user may see alarms and the pole has some), lamp controls.
 */
export function PolePopup({
  poleId,
  alarm,
  onClose,
}: {
  poleId: string;
  alarm?: AlarmPoleDto | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('lighting');
  const [detail, setDetail] = useState<PoleDetailDto | null>(null);
  // Live state of the devices on this pole only.
  const patches = useLivePatches(detail?.devices.map((d) => d.id) ?? []);

  useEffect(() => {
    let cancelled = false;
    setDetail(null);
    getPoleDetail(poleId)
      .then((d) => {
        if (!cancelled) setDetail(d);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [poleId]);

  return (
    <div className="ics-gis-popup" data-testid="gis-popup">
      <Button
        className="ics-gis-popup__close"
        size="small"
        type="text"
        icon={<CloseOutlined />}
        aria-label={t('map.popup.close')}
        onClick={onClose}
      />
      {!detail ? (
        <Spin size="small" />
      ) : (
        <>
          <div className="ics-gis-popup__title">
            <strong data-testid="gis-popup-code">{detail.code}</strong> {detail.name}
          </div>
          <div className="ics-gis-popup__muted">
            {[detail.areaName, detail.roadName ?? detail.road].filter(Boolean).join(' · ')}
            {detail.height ? ` · ${t('map.popup.height', { h: detail.height })}` : ''}
          </div>
          {alarm && <PoleAlarms alarm={alarm} poleId={poleId} code={detail.code} />}
          {detail.devices.length === 0 && (
            <div className="ics-gis-popup__muted">{t('map.popup.noDevices')}</div>
          )}
          {detail.devices
            .filter((d) => d.kind === 'lamp')
            .map((lamp) => (
              <LampRow key={lamp.id} lamp={lamp} patches={patches} />
            ))}
          {detail.devices.some((d) => d.kind !== 'lamp') && (
            <div className="ics-gis-popup__others">
              {detail.devices
                .filter((d) => d.kind !== 'lamp')
                .map((d) => {
                  const s = mergeState(d.state, patches.get(d.id));
                  return (
                    <Tag key={d.id} color={s.online ? 'blue' : 'default'}>
                      {t(`map.kinds.${d.kind}` as 'map.kinds.lamp')} · {d.name}
                    </Tag>
                  );
                })}
            </div>
          )}
        </>
      )}
    </div>
  );
}
