import type { StrategyTargetKind } from '@ics/contract';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTargetOptions } from '../api/get-target-options';
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
  const options = useTargetOptions(kind, projectId, keyword);
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
