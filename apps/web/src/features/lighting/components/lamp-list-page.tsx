import {
  type ControlScope,
  type DeviceDto,
  deviceListRoutes,
  faultText,
  formatReading,
  type LampState,
  lampExportRoutes,
  toLanguage,
} from '@ics/contract';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import TreeSelect from 'antd/es/tree-select';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { mergeState, useLiveRows } from '../../../shared/lib/realtime/live-state';
import { formatInstant } from '../../../shared/lib/time';
import { useHas } from '../../../shared/ui/has';
import { type FilterField, type ListColumn, ListPage } from '../../../shared/ui/list-page';
import { useGatewayOptions } from '../api/get-gateways';
import { useGroupOptions } from '../api/get-groups';
import { sendControl } from '../api/send-control';
import { useControl } from '../hooks/use-control';
import { useProjects } from '../hooks/use-projects';
import '../locales';
import { ControlButtons, type ControlRequest, ScopePicker } from './control-bar';
import { ControlProgressDrawer, ShowProgressButton } from './control-progress-drawer';
import './lighting.css';
import { NoProjectNotice } from './no-project-notice';

/** Larger pages than the other lists: operators select lamps page by page for a control. */
const LAMP_PAGE_SIZES = [10, 20, 50, 100, 500];
const LAMP_STATES: readonly LampState[] = ['on', 'off', 'offline', 'fault'];

/** The area/road filter's value (`area:<id>` / `road:<id>`) as the list's `areaId` / `roadId`. */
function placeParams(value: unknown): Record<string, string | undefined> {
  const [kind, id] = String(value ?? '').split(':');
  return { areaId: kind === 'area' ? id : undefined, roadId: kind === 'road' ? id : undefined };
}

/** `lighting/LampList`: every lamp with live state; switch/dim one, a selection, a group, a gateway, a project. */
export default function LampListPage() {
  const { t, i18n } = useTranslation('lighting');
  const lang = toLanguage(i18n.language);
  const { message } = App.useApp();
  const has = useHas();
  const canControl = has('lighting:lamp:control');
  const [scope, setScope] = useState<ControlScope>('lamps');
  const [target, setTarget] = useState<string | undefined>();
  // Live state of the lamps on screen only (the server pushes what the console watches).
  const { patches, onRows } = useLiveRows<DeviceDto>();
  const control = useControl();
  const { tree, projects } = useProjects();

  const groups = useGroupOptions(canControl);
  const gateways = useGatewayOptions(canControl);

  const treeData = useMemo(
    () =>
      tree.map((p) => ({
        value: `project:${p.id}`,
        title: p.title,
        selectable: false,
        children: (p.children ?? []).map((a) => ({
          value: `area:${a.id}`,
          title: a.title,
          children: (a.children ?? []).map((r) => ({ value: `road:${r.id}`, title: r.title })),
        })),
      })),
    [tree],
  );

  const onControl = (selected: Key[], request: ControlRequest) => {
    const ids = scope === 'lamps' ? selected.map(String) : target ? [target] : [];
    if (ids.length === 0) {
      message.warning(scope === 'lamps' ? t('control.noSelection') : t('control.noTarget'));
      return;
    }
    void control.run((confirm) => sendControl({ scope, ids, ...request, confirm }), {
      ...request,
      count: scope === 'lamps' ? ids.length : null,
    });
  };

  // `?keyword=` (an alarm's "open device"): the list opens filtered to that lamp.
  const [params] = useSearchParams();
  const linkedKeyword = params.get('keyword');

  const filters: FilterField[] = [
    { name: 'keyword', label: t('lamp.keyword'), kind: 'text', raw: true },
    {
      name: 'state',
      label: t('lamp.state'),
      kind: 'select',
      options: LAMP_STATES.map((s) => ({ value: s, label: t(`lamp.states.${s}`) })),
    },
    {
      name: 'place',
      label: `${t('pole.area')} / ${t('pole.road')}`,
      kind: 'select',
      input: (control) => (
        <TreeSelect
          {...(control as object)}
          allowClear
          style={{ width: 220 }}
          placeholder={`${t('pole.area')} / ${t('pole.road')}`}
          treeData={treeData}
        />
      ),
      toParams: placeParams,
    },
  ];

  const state = (lamp: DeviceDto) => mergeState(lamp.state, patches.get(lamp.id));
  const columns: ListColumn<DeviceDto>[] = [
    { key: 'name', title: t('lamp.name'), sorter: true, fixed: 'left', width: 140 },
    { key: 'address', title: t('lamp.address'), sorter: true, width: 90 },
    { key: 'gatewaySn', title: t('lamp.gateway'), width: 130 },
    {
      key: 'state',
      title: t('lamp.state'),
      width: 110,
      render: (_, lamp) => {
        const s = state(lamp);
        if (!s.online) return <Badge status="default" text={t('lamp.states.offline')} />;
        return s.values.on ? (
          <Badge status="warning" text={t('lamp.states.on')} data-testid={`lamp-state-${lamp.address}`} />
        ) : (
          <Badge
            status="processing"
            color="#1677ff"
            text={t('lamp.states.off')}
            data-testid={`lamp-state-${lamp.address}`}
          />
        );
      },
    },
    {
      key: 'level',
      title: t('lamp.level'),
      width: 80,
      render: (_, lamp) => {
        const level = state(lamp).values.level;
        return (
          <span data-testid={`lamp-level-${lamp.gatewaySn}-${lamp.address}`}>
            {typeof level === 'number' ? `${level}%` : '—'}
          </span>
        );
      },
    },
    ...(['power', 'voltage', 'current', 'energy'] as const).map(
      (field): ListColumn<DeviceDto> => ({
        key: field,
        title: t(`lamp.${field}`),
        width: 100,
        render: (_, lamp) => formatReading(field, state(lamp).values[field]),
      }),
    ),
    {
      key: 'faults',
      title: t('lamp.faults'),
      width: 160,
      render: (_, lamp) =>
        state(lamp).faults.map((f) => (
          <Tag key={f} color="red" data-code={f}>
            {faultText(f, lang)}
          </Tag>
        )),
    },
    {
      key: 'lastSeen',
      title: t('lamp.lastSeen'),
      sorter: true,
      width: 160,
      render: (_, lamp) => {
        const seen = state(lamp).lastSeen;
        return formatInstant(seen);
      },
    },
  ];

  return (
    <div className="ics-lighting" data-testid="lamp-list">
      <NoProjectNotice />
      <ListPage<DeviceDto>
        listKey="lamps"
        routes={{ list: deviceListRoutes.lamp, exportXls: lampExportRoutes.exportXls }}
        columns={columns}
        filters={filters}
        {...(linkedKeyword ? { initialFilters: { keyword: linkedKeyword } } : {})}
        size="small"
        pageSizes={LAMP_PAGE_SIZES}
        onRows={onRows}
        selectable={canControl}
        preserveSelection
        selectionBar={
          canControl
            ? (ctx) => (
                <Card size="small" className="ics-lighting__control" data-testid="lamp-control">
                  <Space wrap>
                    <strong>{t('control.title')}</strong>
                    <ScopePicker
                      scope={scope}
                      onScope={setScope}
                      target={target}
                      onTarget={setTarget}
                      targets={{
                        group: (groups.data?.records ?? []).map((g) => ({
                          value: g.id,
                          label: `${g.name} (${g.lampCount})`,
                        })),
                        gateway: (gateways.data?.records ?? []).map((g) => ({
                          value: g.id,
                          label: `${g.sn} · ${g.name}`,
                        })),
                        project: projects,
                      }}
                    />
                    {scope === 'lamps' && <Tag>{ctx.selectedRowKeys.length}</Tag>}
                    <ControlButtons
                      loading={control.sending}
                      onControl={(request) => onControl(ctx.selectedRowKeys, request)}
                    />
                    <ShowProgressButton control={control} />
                  </Space>
                </Card>
              )
            : undefined
        }
      />
      <ControlProgressDrawer job={control.job} open={control.drawerOpen} onClose={control.closeDrawer} />
    </div>
  );
}
