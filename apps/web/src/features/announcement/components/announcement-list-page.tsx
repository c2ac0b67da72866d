import {
  ANNOUNCEMENT_COMPONENTS,
  ANNOUNCEMENT_MARKS,
  type Announcement,
  type AnnouncementOpenType,
  announcementRoutes,
  type FormMessageKey,
  openPageProblem,
} from '@ics/contract';
import App from 'antd/es/app';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect, EntityFormModal, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { type ListColumn, ListPage, RowAction, RowEdit } from '../../../shared/ui/list-page';
import { useAnnouncementStats } from '../api/get-announcement-stats';
import { usePublishAnnouncement } from '../api/publish-announcement';
import { useRevokeAnnouncement } from '../api/revoke-announcement';
import { useAddAnnouncement, useEditAnnouncement } from '../api/save-announcement';
import '../locales';
import { RichTextEditor } from './rich-text-editor';
import { UserPicker } from './user-picker';

type Values = {
  titile: string;
  msgCategory: '1' | '2';
  priority: 'L' | 'M' | 'H';
  msgType: 'ALL' | 'USER';
  userIds?: string[];
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  msgAbstract?: string;
  msgContent?: string;
  openType?: AnnouncementOpenType | null;
  openPage?: string | null;
  busId?: string | null;
};

const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'orange' };
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

const toBody = (v: Values) => ({
  ...v,
  openType: v.openType ?? null,
  openPage: v.openType ? (v.openPage ?? null) : null,
  busId: v.openType === 'component' ? (v.busId ?? null) : null,
  userIds: v.msgType === 'USER' ? (v.userIds ?? []) : [],
  startTime: v.startTime ? v.startTime.format(FORMAT) : null,
  endTime: v.endTime ? v.endTime.format(FORMAT) : null,
});

/** A published announcement may be revoked; a draft or a revoked one published. */
const nextStep = (a: Announcement) => (a.sendStatus === '1' ? ('revoke' as const) : ('publish' as const));

/** `/system/announcement`: drafts, publishing and revoking, read statistics. */
export default function AnnouncementListPage() {
  const { t } = useTranslation('announcement');
  const { message, modal } = App.useApp();
  const rules = useFormRules();
  const addAnnouncement = useAddAnnouncement();
  const editAnnouncement = useEditAnnouncement();
  const publishAnnouncement = usePublishAnnouncement();
  const revokeAnnouncement = useRevokeAnnouncement();
  const [statsOf, setStatsOf] = useState<Announcement | null>(null);
  const form = useEntityForm<Announcement, Values>({
    defaults: { msgCategory: '1', priority: 'M', msgType: 'ALL', userIds: [] },
    toValues: (a) => ({
      titile: a.titile,
      msgCategory: a.msgCategory,
      priority: a.priority,
      msgType: a.msgType,
      userIds: (a.userIds ?? '').split(',').filter(Boolean),
      startTime: a.startTime ? dayjs(a.startTime) : null,
      endTime: a.endTime ? dayjs(a.endTime) : null,
      msgAbstract: a.msgAbstract ?? undefined,
      msgContent: a.msgContent ?? '',
      openType: a.openType,
      openPage: a.openPage,
      busId: a.busId,
    }),
    add: (v) => addAnnouncement.mutateAsync(toBody(v)),
    edit: (v, a) => editAnnouncement.mutateAsync({ ...toBody(v), id: a.id }),
  });
  const msgType = Form.useWatch('msgType', form.form);
  const openType = Form.useWatch('openType', form.form) as AnnouncementOpenType | null | undefined;
  /** The contract's own check of the open fields, so the form says what the server would. */
  const openRule = (field: 'openPage' | 'busId') => ({
    validator: async () => {
      const v = form.form.getFieldsValue(['openType', 'openPage', 'busId']) as Values;
      const problem = openPageProblem({
        openType: v.openType ?? null,
        openPage: v.openPage?.trim() || null,
        busId: v.busId?.trim() || null,
      });
      if (problem?.field === field) throw new Error(rules.text(problem.message as FormMessageKey));
    },
  });

  const act = (a: Announcement, kind: 'publish' | 'revoke') =>
    modal.confirm({
      title: t(kind === 'publish' ? 'publish' : 'revoke'),
      content: t(kind === 'publish' ? 'publishConfirm' : 'revokeConfirm', {
        title: a.titile,
      }),
      okButtonProps: { 'data-testid': 'announcement-confirm' } as never,
      onOk: async () => {
        const action = kind === 'publish' ? publishAnnouncement : revokeAnnouncement;
        const envelope = await action.mutateAsync(a.id).catch(() => null);
        if (!envelope) return;
        message.success(envelope.message || t(kind === 'publish' ? 'published' : 'revoked'));
      },
    });

  const columns: ListColumn<Announcement>[] = [
    { key: 'titile', title: t('titile'), sorter: true },
    { key: 'msgCategory', dataIndex: 'msgCategory_dictText', title: t('msgCategory') },
    { key: 'priority', dataIndex: 'priority_dictText', title: t('priority') },
    {
      key: 'msgType',
      title: t('msgType'),
      render: (_: unknown, a: Announcement) => (a.msgType === 'ALL' ? t('toAll') : t('toUsers')),
    },
    { key: 'sender', title: t('sender') },
    {
      key: 'sendStatus',
      title: t('sendStatus'),
      sorter: true,
      render: (_: unknown, a: Announcement) => (
        <Tag color={STATUS_COLORS[a.sendStatus]}>{a.sendStatus_dictText}</Tag>
      ),
    },
    { key: 'sendTime', title: t('sendTime'), sorter: true },
    { key: 'createTime', title: t('common.createTime'), sorter: true, defaultHidden: true },
  ];

  return (
    <>
      <ListPage<Announcement>
        listKey="announcements"
        routes={announcementRoutes}
        columns={columns}
        filters={[
          { name: 'titile', label: t('titile'), kind: 'text', raw: true },
          {
            name: 'msgCategory',
            label: t('msgCategory'),
            kind: 'dict',
            dictCode: 'msg_category',
          },
          { name: 'sendStatus', label: t('sendStatus'), kind: 'dict', dictCode: 'send_status' },
        ]}
        onAdd={() => void form.open()}
        addMark={ANNOUNCEMENT_MARKS.add}
        exportName={t('title')}
        actionsWidth={260}
        rowActions={(a) => (
          <>
            {a.sendStatus === '0' && (
              <RowEdit
                mark={ANNOUNCEMENT_MARKS.edit}
                onClick={() => form.open(a)}
                testId={`announcement-edit-${a.titile}`}
              />
            )}
            <RowAction
              mark={ANNOUNCEMENT_MARKS.publish}
              label={t(nextStep(a))}
              onClick={() => act(a, nextStep(a))}
              testId={`announcement-${nextStep(a)}-${a.titile}`}
            />
            {a.sendStatus === '1' && (
              <RowAction
                label={t('stats')}
                onClick={() => setStatsOf(a)}
                testId={`announcement-stats-${a.titile}`}
              />
            )}
          </>
        )}
        rowDelete={{ route: announcementRoutes.delete }}
      />
      <EntityFormModal
        state={form.modalProps}
        title={{ add: t('addTitle'), edit: t('editTitle') }}
        width={840}
        testId="announcement-form"
      >
        <Form.Item name="titile" label={t('titile')} rules={rules.requiredMax(200)}>
          <Input data-testid="announcement-form-titile" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="msgCategory" label={t('msgCategory')} rules={[rules.requiredValue()]}>
              <DictSelect dictCode="msg_category" allowClear={false} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="priority" label={t('priority')} rules={[rules.requiredValue()]}>
              <DictSelect dictCode="priority" allowClear={false} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="msgType" label={t('msgType')}>
              <Radio.Group
                options={[
                  { value: 'ALL', label: t('toAll') },
                  { value: 'USER', label: t('toUsers') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {msgType === 'USER' && (
          <Form.Item
            name="userIds"
            label={t('users')}
            rules={[{ required: true, type: 'array', min: 1, message: rules.text('form.required') }]}
          >
            <UserPicker />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="startTime" label={t('startTime')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="endTime" label={t('endTime')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="openType" label={t('openType')}>
              <Select
                allowClear
                data-testid="announcement-form-openType"
                onChange={() => form.form.setFieldsValue({ openPage: null, busId: null })}
                options={(['url', 'component'] as const).map((v) => ({
                  value: v,
                  label: t(`openTypes.${v}`),
                }))}
              />
            </Form.Item>
          </Col>
          {openType === 'url' && (
            <Col span={16}>
              <Form.Item name="openPage" label={t('openPage')} rules={[rules.max(500), openRule('openPage')]}>
                <Input placeholder={t('openPageUrlHint')} data-testid="announcement-form-openPage" />
              </Form.Item>
            </Col>
          )}
          {openType === 'component' && (
            <>
              <Col span={8}>
                <Form.Item name="openPage" label={t('openPage')} rules={[openRule('openPage')]}>
                  <Select
                    data-testid="announcement-form-component"
                    options={ANNOUNCEMENT_COMPONENTS.map((c) => ({
                      value: c,
                      label: t(`components.${c}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="busId" label={t('busId')} rules={[rules.max(64), openRule('busId')]}>
                  <Input data-testid="announcement-form-busId" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Form.Item name="msgAbstract" label={t('msgAbstract')} rules={[rules.max(500)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="msgContent" label={t('msgContent')}>
          <RichTextEditor testId="announcement-form-content" />
        </Form.Item>
      </EntityFormModal>
      <StatsModal announcement={statsOf} onClose={() => setStatsOf(null)} />
    </>
  );
}

function StatsModal({ announcement, onClose }: { announcement: Announcement | null; onClose(): void }) {
  const { t } = useTranslation('announcement');
  const stats = useAnnouncementStats(announcement?.id);
  return (
    <Modal
      open={Boolean(announcement)}
      onCancel={onClose}
      footer={null}
      title={t('statsTitle', { title: announcement?.titile ?? '' })}
    >
      <Row gutter={16} data-testid="announcement-stats">
        <Col span={8}>
          <Statistic title={t('statsTotal')} value={stats.data?.total ?? 0} loading={stats.isLoading} />
        </Col>
        <Col span={8}>
          <Statistic title={t('statsRead')} value={stats.data?.read ?? 0} loading={stats.isLoading} />
        </Col>
        <Col span={8}>
          <Statistic title={t('statsUnread')} value={stats.data?.unread ?? 0} loading={stats.isLoading} />
        </Col>
      </Row>
    </Modal>
  );
}
