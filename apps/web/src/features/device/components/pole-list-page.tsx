import { formatCoordinate, type ImportResult, type PoleDto, poleRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { Has } from '../../../shared/ui/has';
import { type ListColumn, ListPage, RowDelete, useRefreshList } from '../../../shared/ui/list-page';
import { NoProjectNotice, useProjects } from '../../lighting';
import { useImportPoles } from '../api/import-poles';
import '../locales';
import { fileToBase64 } from '../utils/file';
import { DeviceImportButton } from './device-import-button';
import { PoleFormModal } from './pole-form-modal';
import './device.css';
import { ImportProgress } from './import-progress';
import { ImportResultModal } from './import-result-modal';

/** `lighting/PoleList`: poles with position, road and height; add/edit with a map; .xlsx import. */
export default function PoleListPage() {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const refresh = useRefreshList(poleRoutes.list);
  const importPoles = useImportPoles();
  const [editing, setEditing] = useState<PoleDto | null | undefined>(undefined);
  const [importProject, setImportProject] = useState<string | undefined>();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importing, setImporting] = useState(false);
  const { projects } = useProjects();
  const project = importProject ?? (projects.length === 1 ? projects[0]?.value : undefined);

  const onImport = async (file: File) => {
    if (!project) {
      message.warning(t('pole.chooseProject'));
      return;
    }
    setImporting(true);
    try {
      setResult(await importPoles.mutateAsync({ projectId: project, file: await fileToBase64(file) }));
    } catch (error) {
      message.error(errorMessage(error, ''));
    } finally {
      setImporting(false);
    }
  };

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
              <Space.Compact>
                <Select
                  style={{ width: 160 }}
                  placeholder={t('common.project')}
                  value={project}
                  onChange={setImportProject}
                  options={projects}
                />
                <Upload
                  accept=".xlsx"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void onImport(file);
                    return false;
                  }}
                >
                  <Button loading={importing} title={t('pole.importColumns')}>
                    {t('pole.import')}
                  </Button>
                </Upload>
              </Space.Compact>
              <ImportProgress active={importing} />
            </Has>
            <DeviceImportButton projectId={project} />
          </>
        )}
        actionsWidth={140}
        rowActions={(pole) => (
          <>
            <Has action="lighting:pole:edit">
              <Button size="small" type="link" onClick={() => setEditing(pole)}>
                {t('common.edit')}
              </Button>
            </Has>
            <RowDelete route={poleRoutes.delete} id={pole.id} onDone={refresh} />
          </>
        )}
      />
      <PoleFormModal
        open={editing !== undefined}
        pole={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
      <ImportResultModal result={result} onClose={() => setResult(null)} summaryTestId="import-summary" />
    </div>
  );
}
