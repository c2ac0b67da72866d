import { formatCoordinate, isTimeZone, type ProjectRecord, projectRoutes } from '@ics/contract';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import TreeSelect from 'antd/es/tree-select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityForm, useFormRules } from '../../../shared/ui/form';
import { EntityListPage, type ListColumn, textFilters } from '../../../shared/ui/list-page';
import { uniqueRule } from '../../../shared/ui/validators';
import { useProjectDepartTree } from '../api/get-depart-tree';
import { useAddProject, useEditProject } from '../api/save-project';
import '../locales';

/** Default map centre (spec §9). */
const DEFAULT_CENTRE = { longitude: 117.178249, latitude: 34.161036 };

type Values = {
  name: string;
  nameEn?: string;
  code: string;
  region?: string;
  longitude: number;
  latitude: number;
  timeZone: string;
  description?: string;
  descriptionEn?: string;
  departIds?: string[];
};

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf;
  const list = supported ? supported('timeZone') : [];
  return list.length ? list : ['Asia/Shanghai', 'UTC'];
}

/** `/system/project`: projects with their map centre, time zone and departments. */
export default function ProjectListPage() {
  const { t } = useTranslation('project');
  const rules = useFormRules();
  const addProject = useAddProject();
  const editProject = useEditProject();
  const departs = useProjectDepartTree();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const form = useEntityForm<ProjectRecord, Values>({
    defaults: { ...DEFAULT_CENTRE, timeZone: 'Asia/Shanghai', departIds: [] },
    toValues: (p) => ({
      name: p.name,
      nameEn: p.nameEn ?? undefined,
      code: p.code,
      region: p.region ?? undefined,
      longitude: p.longitude,
      latitude: p.latitude,
      timeZone: p.timeZone,
      description: p.description ?? undefined,
      descriptionEn: p.descriptionEn ?? undefined,
      departIds: (p.departIds ?? '').split(',').filter(Boolean),
    }),
    add: (v) => addProject.mutateAsync({ ...v, departIds: (v.departIds ?? []).join(',') }),
    edit: (v, p) => editProject.mutateAsync({ ...v, id: p.id, departIds: (v.departIds ?? []).join(',') }),
    errorFields: { 'system.project.code_taken': 'code' },
  });

  const columns: ListColumn<ProjectRecord>[] = [
    { key: 'name', title: t('name'), sorter: true, render: (_: string, p) => p.localName },
    { key: 'code', title: t('code'), sorter: true },
    { key: 'region', title: t('region'), sorter: true },
    { key: 'longitude', title: t('longitude'), render: (v: number) => formatCoordinate(v) },
    { key: 'latitude', title: t('latitude'), render: (v: number) => formatCoordinate(v) },
    { key: 'timeZone', title: t('timeZone') },
    {
      key: 'description',
      title: t('common.description'),
      defaultHidden: true,
      render: (_: string | null, p) => p.localDescription,
    },
    { key: 'createTime', title: t('common.createTime'), sorter: true },
  ];

  return (
    <EntityListPage
      listKey="projects"
      routes={projectRoutes}
      columns={columns}
      filters={textFilters((name) => t(name), 'name', 'code', 'region')}
      addMark="system:project:add"
      exportName={t('title')}
      rowDelete={{ route: projectRoutes.delete }}
      form={form}
      edit={{ mark: 'system:project:edit' }}
      dialog={{ title: { add: t('addTitle'), edit: t('editTitle') }, testId: 'project-form', width: 720 }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="name"
            label={t('nameZh')}
            rules={[rules.required('form.project_name.required'), rules.max(100)]}
          >
            <Input data-testid="project-form-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="nameEn" label={t('nameEn')} tooltip={t('englishHint')} rules={[rules.max(100)]}>
            <Input data-testid="project-form-nameEn" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="code"
            label={t('code')}
            validateFirst
            validateDebounce={400}
            rules={[
              rules.required('form.project_code.required'),
              rules.max(64),
              rules.pattern(/^[A-Za-z0-9_-]+$/, 'form.project_code.chars'),
              uniqueRule('sys_project', 'code', form.record?.id),
            ]}
          >
            <Input data-testid="project-form-code" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="region" label={t('region')} rules={[rules.max(100)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="longitude"
            label={t('longitude')}
            rules={[
              rules.requiredValue('form.longitude.range'),
              rules.range(-180, 180, 'form.longitude.range'),
            ]}
          >
            <InputNumber style={{ width: '100%' }} step={0.000001} data-testid="project-form-longitude" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="latitude"
            label={t('latitude')}
            rules={[rules.requiredValue('form.latitude.range'), rules.range(-90, 90, 'form.latitude.range')]}
          >
            <InputNumber style={{ width: '100%' }} step={0.000001} data-testid="project-form-latitude" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="timeZone"
            label={t('timeZone')}
            rules={[
              rules.requiredValue('form.time_zone.invalid'),
              rules.custom((v) => isTimeZone(String(v)), 'form.time_zone.invalid'),
            ]}
          >
            <Select showSearch options={zones} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="departIds" label={t('departs')}>
            <TreeSelect
              multiple
              allowClear
              data-testid="project-form-departs"
              treeDefaultExpandAll
              treeData={departs.data as never}
              fieldNames={{ label: 'title', value: 'id', children: 'children' }}
              treeNodeFilterProp="title"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="description" label={t('descriptionZh')} rules={[rules.max(500)]}>
            <Input.TextArea rows={2} data-testid="project-form-description" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="descriptionEn"
            label={t('descriptionEn')}
            tooltip={t('englishHint')}
            rules={[rules.max(500)]}
          >
            <Input.TextArea rows={2} data-testid="project-form-descriptionEn" />
          </Form.Item>
        </Col>
      </Row>
    </EntityListPage>
  );
}
