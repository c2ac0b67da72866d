import { formatCoordinate, type PoleDto, poleRoutes } from '@ics/contract';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../shared/ui/has';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page';
import { NoProjectNotice, useProjects } from '../../lighting';
import { useImportPoles } from '../api/import-poles';
import '../locales';
import { DeviceImportButton } from './device-import-button';
import { PoleFormModal } from './pole-form-modal';
import { XlsxImport } from './xlsx-import';
import './device.css';

/** `lighting/PoleList`: poles with position, road and height; add/edit with a map; .xlsx import. */
export default function PoleListPage() {
  const { t } = useTranslation('device');
  const importPoles = useImportPoles();
  const [editing, setEditing] = useState<PoleDto | null | undefined>(undefined);
  const [importProject, setImportProject] = useState<string | undefined>();
  const { projects } = useProjects();
  const project = importProject ?? (projects.length === 1 ? projects[0]?.value : undefined);

  const columns: ListColumn<PoleDto>[] = [
    { key: 'code', title: t('pole.code'), sorter: true },
    { key: 'name', title: t('common.name'), sorter: true },
    { key: 'longitude', title: t('pole.longitude'), render: (v: number) => formatCoordinate(v) },
    { key: 'latitude', title: t('pole.latitude'), render: (v: number) => formatCoordinate(v) },
    { key: 'road', title: t('pole.road') },
    { key: 'height', title: t('pole.height') },
  ];

  return (
    <div className="ics-device" data-testid="pole-list">
      <NoProjectNotice />
      <ListPage<PoleDto>
        listKey="poles"
        routes={{ list: poleRoutes.list, exportXls: poleRoutes.exportXls }}
        columns={columns}
        filters={[
          { name: 'code', label: t('pole.code'), kind: 'text', raw: true },
          { name: 'name', label: t('common.name'), kind: 'text', raw: true },
          { name: 'road', label: t('pole.road'), kind: 'text', raw: true },
        ]}
        size="small"
        onAdd={() => setEditing(null)}
        addMark="lighting:pole:add"
        addTestId="pole-add"
        toolbar={() => (
          <>
            <Has action="lighting:pole:import">
              <XlsxImport
                projectId={project}
                send={(projectId, file) => importPoles.mutateAsync({ projectId, file })}
                text={t('pole.import')}
                title={t('pole.importColumns')}
                summaryTestId="import-summary"
                wrap={(upload) => (
                  <Space.Compact>
                    <Select
                      style={{ width: 160 }}
                      placeholder={t('common.project')}
                      value={project}
                      onChange={setImportProject}
                      options={projects}
                    />
                    {upload}
                  </Space.Compact>
                )}
              />
            </Has>
            <DeviceImportButton projectId={project} />
          </>
        )}
        actionsWidth={140}
        rowEdit={{ mark: 'lighting:pole:edit', onEdit: setEditing }}
        rowDelete={{ route: poleRoutes.delete }}
      />
      <PoleFormModal
        open={editing !== undefined}
        pole={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </div>
  );
}
