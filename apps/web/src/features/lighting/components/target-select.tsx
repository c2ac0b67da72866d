import type { StrategyTargetKind } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useState } from 'react';
import { listGateways } from '../api/gateways';
import { listGroups } from '../api/groups';
import { listLamps } from '../api/lamps';
import { useProjects } from '../hooks/use-projects';

/** Picks a lamp, group, gateway or project (searching the server for lamps). */
export function TargetSelect({
  kind,
  projectId,
  value,
  onChange,
  testId,
}: {
  kind: StrategyTargetKind;
  projectId?: string;
  value?: string;
  onChange?(id: string): void;
  testId?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const { projects } = useProjects();
  const options = useQuery({
    queryKey: ['lighting', 'target-options', kind, projectId, kind === 'lamp' ? keyword : ''],
    enabled: kind !== 'project',
    queryFn: async () => {
      const scope = { pageNo: 1, projectId };
      if (kind === 'lamp')
        return (await listLamps({ ...scope, pageSize: 50, keyword: keyword || undefined })).records.map(
          (l) => ({
            value: l.id,
            label: `${l.name} (${l.gatewaySn}/${l.address})`,
          }),
        );
      if (kind === 'group')
        return (await listGroups({ ...scope, pageSize: 1000 })).records.map((g) => ({
          value: g.id,
          label: g.name,
        }));
      return (await listGateways({ ...scope, pageSize: 1000 })).records.map((g) => ({
        value: g.id,
        label: `${g.sn} · ${g.name}`,
      }));
    },
  });
  const list = kind === 'project' ? projects : (options.data ?? []);
  return (
    <Select
      style={{ width: '100%' }}
      value={value}
      onChange={onChange}
      data-testid={testId}
      loading={options.isFetching}
      showSearch={
        kind === 'lamp' ? { filterOption: false, onSearch: setKeyword } : { optionFilterProp: 'label' }
      }
      options={list}
    />
  );
}
