import { type DeviceDto, type GroupDto, groupRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeState, useLivePatches } from '../../../shared/lib/realtime/live-state';
import { Has, useHas } from '../../../shared/ui/has';
import { type ListColumn, ListPage, RowAction, RowDelete, RowEdit } from '../../../shared/ui/list-page';
import { useAddGroupLamps, useRemoveGroupLamps } from '../api/change-group-lamps';
import { controlGroups } from '../api/control-groups';
import { GROUP_LAMPS_PAGE_SIZE, useGroupLamps } from '../api/get-group-lamps';
import { useRefreshGroups } from '../api/get-groups';
import { useLampSearch } from '../api/get-lamps';
import { useAddGroup, useEditGroup } from '../api/save-group';
import { useControl } from '../hooks/use-control';
import { resetWithProject, useProjects } from '../hooks/use-projects';
import '../locales';
import { ControlButtons } from './control-bar';
import { ControlProgressDrawer, ShowProgressButton } from './control-progress-drawer';
import { NameField, RemarkField } from './device-fields';
import './lighting.css';
import { NoProjectNotice } from './no-project-notice';

/** The members of a group: live state, add by search, remove. */
function GroupMembers({ group }: { group: GroupDto }) {
  const { t } = useTranslation('lighting');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const members = useGroupLamps(group.id, page);
  const patches = useLivePatches(members.data?.records.map((l) => l.id) ?? []);
  const candidates = useLampSearch(group.projectId, keyword);
  const addLamps = useAddGroupLamps();
  const removeLamps = useRemoveGroupLamps();
  return (
    <>
      <Has action="lighting:group:edit">
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={t('group.searchLamps')}
            value={picked}
            onChange={setPicked}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            options={(candidates.data?.records ?? []).map((l) => ({
              value: l.id,
              label: `${l.name} (${l.gatewaySn}/${l.address})`,
            }))}
          />
          <Button
            type="primary"
            disabled={picked.length === 0}
            onClick={async () => {
              await addLamps.mutateAsync({ groupId: group.id, lampIds: picked });
              setPicked([]);
            }}
          >
            {t('group.addLamps')}
          </Button>
        </Space.Compact>
      </Has>
      <Table<DeviceDto>
        size="small"
        rowKey="id"
        dataSource={members.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: GROUP_LAMPS_PAGE_SIZE,
          total: members.data?.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          { title: t('lamp.name'), dataIndex: 'name' },
          { title: t('lamp.gateway'), render: (_, l) => `${l.gatewaySn}/${l.address}` },
          {
            title: t('lamp.state'),
            render: (_, l) => {
              const s = mergeState(l.state, patches.get(l.id));
              if (!s.online) return t('lamp.states.offline');
              return `${s.values.on ? t('lamp.states.on') : t('lamp.states.off')} ${typeof s.values.level === 'number' ? `${s.values.level}%` : ''}`;
            },
          },
          {
            title: t('common.actions'),
            render: (_, l) => (
              <RowAction
                mark="lighting:group:edit"
                danger
                label={t('group.removeLamps')}
                onClick={() => removeLamps.mutateAsync({ groupId: group.id, lampIds: [l.id] })}
              />
            ),
          },
        ]}
      />
    </>
  );
}

/** `lighting/GroupList`: lamp groups, their members, and switch/dim of a whole group. */
export default function GroupListPage() {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const has = useHas();
  const addGroup = useAddGroup();
  const editGroup = useEditGroup();
  const [editing, setEditing] = useState<GroupDto | null | undefined>(undefined);
  const [members, setMembers] = useState<GroupDto | null>(null);
  const [form] = Form.useForm();
  const { projects } = useProjects();
  const control = useControl();
  const refreshGroups = useRefreshGroups();

  const onSave = async () => {
    const values = await form.validateFields();
    if (editing) await editGroup.mutateAsync({ id: editing.id, name: values.name, remark: values.remark });
    else await addGroup.mutateAsync(values);
    message.success(t('common.saved'));
    setEditing(undefined);
  };

  const columns: ListColumn<GroupDto>[] = [
    { key: 'name', title: t('common.name'), sorter: true },
    { key: 'lampCount', title: t('group.lampCount') },
    { key: 'remark', title: t('common.remark') },
    ...(has('lighting:group:control')
      ? [
          {
            key: 'control',
            title: t('control.title'),
            render: (_: unknown, g: GroupDto) => (
              <ControlButtons
                testId={`group-${g.name}`}
                loading={control.sending}
                onControl={(request) =>
                  void control.run((confirm) => controlGroups({ groupIds: [g.id], ...request, confirm }), {
                    ...request,
                    count: g.lampCount,
                  })
                }
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="ics-lighting" data-testid="group-list">
      <NoProjectNotice />
      <ListPage<GroupDto>
        listKey="groups"
        routes={{ list: groupRoutes.list, exportXls: groupRoutes.exportXls }}
        columns={columns}
        filters={[{ name: 'name', label: t('common.name'), kind: 'text', raw: true }]}
        size="small"
        onAdd={() => {
          resetWithProject(form, projects);
          setEditing(null);
        }}
        addMark="lighting:group:add"
        toolbar={() => <ShowProgressButton control={control} />}
        actionsWidth={200}
        rowActions={(g) => (
          <>
            <RowAction label={t('group.members')} onClick={() => setMembers(g)} />
            <RowEdit
              mark="lighting:group:edit"
              onClick={() => {
                form.setFieldsValue(g);
                setEditing(g);
              }}
            />
            <RowDelete route={groupRoutes.delete} id={g.id} onDone={refreshGroups} />
          </>
        )}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? t('common.edit') : t('common.add')}
        onCancel={() => setEditing(undefined)}
        onOk={() => void onSave()}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="projectId" label={t('common.project')} rules={[{ required: true }]}>
            <Select options={projects} disabled={!!editing} />
          </Form.Item>
          <NameField />
          <RemarkField />
        </Form>
      </Modal>
      <Drawer
        open={!!members}
        size={640}
        title={members ? `${t('group.members')} · ${members.name}` : ''}
        onClose={() => setMembers(null)}
      >
        {members && <GroupMembers group={members} />}
      </Drawer>
      <ControlProgressDrawer job={control.job} open={control.drawerOpen} onClose={control.closeDrawer} />
    </div>
  );
}
