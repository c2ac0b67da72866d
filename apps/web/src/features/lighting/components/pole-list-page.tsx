import type { ImportResult, PoleDto } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { Has } from '../../../shared/ui/has';
import { deletePoles, importPoles, listPoles } from '../api/poles';
import { useProjects } from '../hooks/use-projects';
import { useTableState } from '../hooks/use-table-state';
import '../locales';
import { fileToBase64 } from '../utils/file';
import { PoleFormModal } from './pole-form-modal';
import './lighting.css';

type Filters = { code?: string; name?: string; road?: string };

/** `lighting/PoleList`: poles with position, road and height; add/edit with a map; .xlsx import. */
export default function PoleListPage() {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const client = useQueryClient();
  const table = useTableState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [editing, setEditing] = useState<PoleDto | null | undefined>(undefined);
  const [importProject, setImportProject] = useState<string | undefined>();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importing, setImporting] = useState(false);
  const { projects } = useProjects();
  const poles = useQuery({
    queryKey: ['lighting', 'poles', table.query],
    queryFn: () => listPoles(table.query),
    placeholderData: (p) => p,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['lighting', 'poles'] });
  const project = importProject ?? (projects.length === 1 ? projects[0]?.value : undefined);

  const onImport = async (file: File) => {
    if (!project) {
      message.warning(t('pole.chooseProject'));
      return;
    }
    setImporting(true);
    try {
      setResult(await importPoles(project, await fileToBase64(file)));
      void refresh();
    } catch (error) {
      message.error(errorMessage(error, ''));
    } finally {
      setImporting(false);
    }
  };

  return (
    <div className="ics-lighting" data-testid="pole-list">
      <Card size="small">
        <Space wrap>
          {(['code', 'name', 'road'] as const).map((field) => (
            <Input
              key={field}
              allowClear
              placeholder={field === 'name' ? t('common.name') : t(`pole.${field}`)}
              value={draft[field]}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value || undefined })}
              onPressEnter={() => table.setFilters(draft)}
              style={{ width: 160 }}
            />
          ))}
          <Button type="primary" onClick={() => table.setFilters(draft)}>
            {t('common.search')}
          </Button>
          <Has action="lighting:pole:add">
            <Button onClick={() => setEditing(null)} data-testid="pole-add">
              {t('common.add')}
            </Button>
          </Has>
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
          </Has>
        </Space>
      </Card>
      <Table<PoleDto>
        rowKey="id"
        size="small"
        dataSource={poles.data?.records ?? []}
        loading={poles.isFetching && !poles.data}
        onChange={(p, _f, s) => table.onTableChange(p, s)}
        pagination={{
          current: table.state.pageNo,
          pageSize: table.state.pageSize,
          total: poles.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
        }}
        columns={[
          { title: t('pole.code'), dataIndex: 'code', key: 'code', sorter: true },
          { title: t('common.name'), dataIndex: 'name', key: 'name', sorter: true },
          { title: t('pole.longitude'), dataIndex: 'longitude' },
          { title: t('pole.latitude'), dataIndex: 'latitude' },
          { title: t('pole.road'), dataIndex: 'road' },
          { title: t('pole.height'), dataIndex: 'height' },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, pole) => (
              <Space size="small">
                <Has action="lighting:pole:edit">
                  <Button size="small" type="link" onClick={() => setEditing(pole)}>
                    {t('common.edit')}
                  </Button>
                </Has>
                <Has action="lighting:pole:delete">
                  <Popconfirm
                    title={t('common.deleteConfirm')}
                    onConfirm={async () => {
                      await deletePoles([pole.id]);
                      message.success(t('common.deleted'));
                      void refresh();
                    }}
                  >
                    <Button size="small" type="link" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                </Has>
              </Space>
            ),
          },
        ]}
      />
      <PoleFormModal
        open={editing !== undefined}
        pole={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
      <Modal
        open={!!result}
        title={t('pole.importTitle')}
        onCancel={() => setResult(null)}
        onOk={() => setResult(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        {result && (
          <>
            <p data-testid="import-summary">{t('pole.importSummary', result)}</p>
            {result.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(r) => `${r.row}-${r.message}`}
                dataSource={result.errors}
                pagination={{ pageSize: 10 }}
                columns={[
                  { title: t('pole.importRow'), dataIndex: 'row', width: 80 },
                  { title: t('pole.importError'), dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </Modal>
    </div>
  );
}
