import type { CommandDto, CommandName, CommandStatus, DeviceKind } from '@ics/contract';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { subscribeDeviceEvents } from '../../../shared/lib/realtime/device-events';
import { commandStatusColor } from '../../../shared/ui/command-status';
import { getTestCommandStatus } from '../api/get-test-command-status';
import { sendTestCommand } from '../api/send-test-command';
import { commandFields, commandsFor, type FieldSpec, initialValues, toParams } from '../utils/command-fields';

type SentCommand = {
  key: string;
  id: string | null;
  cmd: CommandName;
  params: Record<string, unknown>;
  at: number;
  status: CommandStatus | 'rejected';
  reason: string | null;
};

export type CommandTarget = { kind: DeviceKind; id: string; gatewayId: string };

/** The control of one parameter; Form.Item hands it `value`/`checked` and `onChange`, passed on. */
function ParamInput({ field, ...control }: { field: FieldSpec } & Record<string, unknown>) {
  const { t } = useTranslation('device');
  switch (field.type) {
    case 'boolean':
      return <Switch {...control} />;
    case 'percent':
      // A test console wants exact values: a number box rather than a slider.
      return <InputNumber {...control} min={0} max={100} suffix="%" style={{ width: '100%' }} />;
    case 'number':
      return <InputNumber {...control} min={field.min} max={field.max} style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker {...control} showTime style={{ width: '100%' }} />;
    case 'json':
      return (
        <Input.TextArea
          {...control}
          autoSize={{ minRows: 4, maxRows: 12 }}
          style={{ fontFamily: 'monospace' }}
        />
      );
    case 'weekdays':
      return (
        <Checkbox.Group
          {...control}
          options={(t('test.weekdays', { returnObjects: true }) as string[]).map((label, value) => ({
            label,
            value,
          }))}
        />
      );
    default:
      return <Input {...control} />;
  }
}

/** The command form generated from the command list, and the status of what was sent. */
export function CommandPanel({ target }: { target: CommandTarget }) {
  const { t } = useTranslation('device');
  const commands = useMemo(() => commandsFor(target.kind), [target.kind]);
  const [cmd, setCmd] = useState<CommandName>(commands[0] ?? 'device.reboot');
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SentCommand[]>([]);
  const sentRef = useRef(sent);
  sentRef.current = sent;

  useEffect(() => {
    const first = commands[0];
    if (first && !commands.includes(cmd)) setCmd(first);
  }, [commands, cmd]);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initialValues(cmd));
  }, [cmd, form]);

  const apply = useCallback((rows: readonly CommandDto[]) => {
    if (!rows.length) return;
    const byId = new Map(rows.map((r) => [r.id, r]));
    setSent((list) =>
      list.map((s) => {
        const row = s.id ? byId.get(s.id) : undefined;
        return row ? { ...s, status: row.status, reason: row.reason } : s;
      }),
    );
  }, []);

  useEffect(
    () =>
      subscribeDeviceEvents((event) => {
        if (event.kind === 'device.command') apply([event.payload]);
      }),
    [apply],
  );

  const hasPending = sent.some((s) => s.status === 'pending');
  useEffect(() => {
    if (!hasPending) return;
    const timer = setInterval(() => {
      const ids = sentRef.current.filter((s) => s.status === 'pending' && s.id).map((s) => s.id as string);
      if (ids.length) void getTestCommandStatus(ids).then(apply, () => undefined);
    }, 1_000);
    return () => clearInterval(timer);
  }, [hasPending, apply]);

  const onSend = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    let params: Record<string, unknown>;
    try {
      params = toParams(cmd, values);
    } catch {
      form.setFields([{ name: 'entries', errors: [t('test.command.invalidJson')] }]);
      return;
    }
    setSending(true);
    try {
      const isGateway = target.kind === 'gateway';
      const result = await sendTestCommand(
        isGateway ? { gatewayIds: [target.id] } : { deviceIds: [target.id] },
        cmd,
        params,
      );
      const at = Date.now();
      const rows: SentCommand[] = [
        ...result.commands.map((c) => ({
          key: c.id,
          id: c.id,
          cmd,
          params,
          at,
          status: 'pending' as const,
          reason: null,
        })),
        ...result.rejected.map((r, i) => ({
          key: `${at}-r${i}`,
          id: null,
          cmd,
          params,
          at,
          status: 'rejected' as const,
          reason: r.reason,
        })),
      ];
      setSent((list) => [...rows, ...list].slice(0, 100));
    } catch (error) {
      setSent((list) => [
        {
          key: `${Date.now()}-e`,
          id: null,
          cmd,
          params,
          at: Date.now(),
          status: 'rejected',
          reason: errorMessage(error, ''),
        },
        ...list,
      ]);
    } finally {
      setSending(false);
    }
  };

  const fields = commandFields[cmd] as FieldSpec[];
  return (
    <>
      <Card size="small" title={t('test.command.title')}>
        <Form form={form} layout="vertical" data-testid="command-form">
          <Form.Item label={t('test.command.cmd')}>
            <Select
              data-testid="command-select"
              value={cmd}
              onChange={(v) => setCmd(v)}
              options={commands.map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          {fields.map((field) => (
            <Form.Item
              key={`${cmd}.${field.name}`}
              name={field.name}
              label={t(`test.fields.${field.name}` as 'test.fields.on')}
              rules={field.required ? [{ required: true }] : []}
              valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
              getValueProps={
                field.type === 'datetime'
                  ? (v: unknown) => ({ value: v ? dayjs(v as number) : v })
                  : undefined
              }
              normalize={
                field.type === 'datetime' ? (v: dayjs.Dayjs | null) => (v ? v.valueOf() : v) : undefined
              }
            >
              <ParamInput field={field} />
            </Form.Item>
          ))}
          <Button type="primary" loading={sending} onClick={() => void onSend()} data-testid="command-send">
            {t('test.command.send')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('test.command.history')} style={{ marginTop: 12 }}>
        <Table<SentCommand>
          size="small"
          rowKey="key"
          dataSource={sent}
          pagination={false}
          locale={{ emptyText: t('test.command.noHistory') }}
          data-testid="command-history"
          columns={[
            {
              title: t('test.command.at'),
              dataIndex: 'at',
              render: (v: number) => dayjs(v).format('HH:mm:ss'),
              width: 80,
            },
            { title: t('test.command.cmd'), dataIndex: 'cmd' },
            {
              title: t('test.command.params'),
              dataIndex: 'params',
              render: (v: Record<string, unknown>) => <code>{JSON.stringify(v)}</code>,
            },
            {
              title: t('test.command.status'),
              dataIndex: 'status',
              render: (s: SentCommand['status'], row) =>
                s === 'rejected' ? (
                  <Tag color="red">{t('test.command.rejected', { reason: row.reason ?? '' })}</Tag>
                ) : (
                  <Tag color={commandStatusColor[s]} data-testid={`command-status-${s}`}>
                    {t(`test.status.${s}`)}
                    {row.reason ? ` · ${row.reason}` : ''}
                  </Tag>
                ),
            },
          ]}
        />
      </Card>
    </>
  );
}
