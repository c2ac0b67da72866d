import type { ControlScope, DeviceDto, LampState } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import TreeSelect from 'antd/es/tree-select';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeState, useLivePatches } from '../../../shared/lib/realtime/live-state';
import { useHas } from '../../../shared/ui/has';
import { listGateways } from '../api/gateways';
import { listGroups } from '../api/groups';
import { listLamps, sendControl } from '../api/lamps';
import { useControl } from '../hooks/use-control';
import { useProjects } from '../hooks/use-projects';
import { useTableState } from '../hooks/use-table-state';
import '../locales';
import { ControlButtons, type ControlRequest, ScopePicker } from './control-bar';
import { ControlProgressDrawer } from './control-progress-drawer';
import './lighting.css';

type Filters = { keyword?: string; state?: LampState; areaId?: string; roadId?: string };

const num = (v: unknown, digits = 1) => (typeof v === 'number' ? v.toFixed(digits) : '—');

/** `lighting/LampList`: every lamp with live state; switch/dim one, a selection, a group, a gateway, a project. */
export default function LampListPage() {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const has = useHas();
  const canControl = has('lighting:lamp:control');
  const table = useTableState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [scope, setScope] = useState<ControlScope>('lamps');
  const [target, setTarget] = useState<string | undefined>();
  const patches = useLivePatches();
  const control = useControl();
  const { tree, projects } = useProjects();

  const lamps = useQuery({
    queryKey: ['lighting', 'lamps', table.query],
    queryFn: () => listLamps(table.query),
    placeholderData: (previous) => previous,
  });
  const groups = useQuery({
    queryKey: ['lighting', 'groups', 'options'],
    queryFn: () => listGroups({ pageNo: 1, pageSize: 1000 }),
    enabled: canControl,
  });
  const gateways = useQuery({
    queryKey: ['lighting', 'gateways', 'options'],
    queryFn: () => listGateways({ pageNo: 1, pageSize: 1000 }),
    enabled: canControl,
  });

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

  const onControl = (request: ControlRequest) => {
    const ids = scope === 'lamps' ? selected : target ? [target] : [];
    if (ids.length === 0) {
      message.warning(scope === 'lamps' ? t('control.noSelection') : t('control.noTarget'));
      return;
    }
    void control.run((confirm) => sendControl({ scope, ids, ...request, confirm }));
  };

  const rows = lamps.data?.records ?? [];
  return (
    <div className="ics-lighting" data-testid="lamp-list">
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder={t('lamp.keyword')}
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value || undefined })}
            onPressEnter={() => table.setFilters(draft)}
            style={{ width: 220 }}
            data-testid="lamp-keyword"
          />
          <Select<LampState>
            allowClear
            placeholder={t('lamp.state')}
            style={{ width: 120 }}
            value={draft.state}
            onChange={(state) => setDraft({ ...draft, state })}
            options={(['on', 'off', 'offline', 'fault'] as const).map((s) => ({
              value: s,
              label: t(`lamp.states.${s}`),
            }))}
          />
          <TreeSelect
            allowClear
            style={{ width: 220 }}
            placeholder={`${t('pole.area')} / ${t('pole.road')}`}
            treeData={treeData}
            value={draft.roadId ? `road:${draft.roadId}` : draft.areaId ? `area:${draft.areaId}` : undefined}
            onChange={(v?: string) => {
              const [kind, id] = (v ?? '').split(':');
              setDraft({
                ...draft,
                areaId: kind === 'area' ? id : undefined,
                roadId: kind === 'road' ? id : undefined,
              });
            }}
          />
          <Button type="primary" onClick={() => table.setFilters(draft)} data-testid="lamp-search">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              table.setFilters({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Card>
      {canControl && (
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
            {scope === 'lamps' && <Tag>{selected.length}</Tag>}
            <ControlButtons loading={control.sending} onControl={onControl} />
            {control.job && <Button onClick={control.openDrawer}>{t('control.showProgress')}</Button>}
          </Space>
        </Card>
      )}
      <Table<DeviceDto>
        rowKey="id"
        size="small"
        loading={lamps.isFetching && !lamps.data}
        dataSource={rows}
        scroll={{ x: 1200 }}
        rowSelection={
          canControl
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        onChange={(pagination, _filters, sorter) => table.onTableChange(pagination, sorter)}
        pagination={{
          current: table.state.pageNo,
          pageSize: table.state.pageSize,
          total: lamps.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 500],
          showTotal: (total) => t('common.total', { total }),
        }}
        columns={[
          { title: t('lamp.name'), dataIndex: 'name', key: 'name', sorter: true, fixed: 'left', width: 140 },
          { title: t('lamp.address'), dataIndex: 'address', key: 'address', sorter: true, width: 90 },
          { title: t('lamp.gateway'), dataIndex: 'gatewaySn', width: 130 },
          {
            title: t('lamp.state'),
            key: 'state',
            width: 110,
            render: (_, lamp) => {
              const s = mergeState(lamp.state, patches.get(lamp.id));
              if (!s.online) return <Badge status="default" text={t('lamp.states.offline')} />;
              return s.values.on ? (
                <Badge
                  status="warning"
                  text={t('lamp.states.on')}
                  data-testid={`lamp-state-${lamp.address}`}
                />
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
            title: t('lamp.level'),
            key: 'level',
            width: 80,
            render: (_, lamp) => {
              const s = mergeState(lamp.state, patches.get(lamp.id));
              return (
                <span data-testid={`lamp-level-${lamp.gatewaySn}-${lamp.address}`}>
                  {typeof s.values.level === 'number' ? `${s.values.level}%` : '—'}
                </span>
              );
            },
          },
          ...(['power', 'voltage', 'current', 'energy'] as const).map((field) => ({
            title: t(`lamp.${field}`),
            key: field,
            width: 100,
            render: (_: unknown, lamp: DeviceDto) =>
              num(
                mergeState(lamp.state, patches.get(lamp.id)).values[field],
                field === 'current' || field === 'energy' ? 2 : 1,
              ),
          })),
          {
            title: t('lamp.faults'),
            key: 'faults',
            width: 160,
            render: (_, lamp) =>
              mergeState(lamp.state, patches.get(lamp.id)).faults.map((f) => (
                <Tag key={f} color="red">
                  {f}
                </Tag>
              )),
          },
          {
            title: t('lamp.lastSeen'),
            key: 'lastSeen',
            sorter: true,
            width: 160,
            render: (_, lamp) => {
              const seen = mergeState(lamp.state, patches.get(lamp.id)).lastSeen;
              return seen ? dayjs(seen).format('YYYY-MM-DD HH:mm:ss') : '—';
            },
          },
        ]}
      />
      <ControlProgressDrawer job={control.job} open={control.drawerOpen} onClose={control.closeDrawer} />
    </div>
  );
}
