import { type I18nRecord, i18nRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { refreshDictionaries } from '../../../shared/ui/dict';
import { TextField, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { useHas } from '../../../shared/ui/has';
import { EntityListPage, type ListColumn, textFilters } from '../../../shared/ui/list-page';
import { useAddTranslation, useEditTranslation } from '../api/save-translation';
import '../locales';

type Values = { key: string; zhCn: string; enUs: string };

/** `/system/i18n`: translation keys with their Chinese and English texts, editable in place. */
export default function I18nListPage() {
  const { t } = useTranslation('i18n');
  const { message } = App.useApp();
  const rules = useFormRules();
  const has = useHas();
  const canEdit = has('system:i18n:edit');
  const addTranslation = useAddTranslation();
  const editTranslation = useEditTranslation();
  const form = useEntityForm<I18nRecord, Values>({
    toValues: (r) => ({ key: r.key, zhCn: r.zhCn, enUs: r.enUs }),
    add: (v) => addTranslation.mutateAsync(v),
    edit: (v, r) => editTranslation.mutateAsync({ ...v, id: r.key }),
    errorFields: { 'system.i18n.key_taken': 'key' },
  });

  const saveText = async (record: I18nRecord, field: 'zhCn' | 'enUs', text: string) => {
    const value = text.trim();
    if (value === record[field]) return;
    if (!value) {
      message.error(rules.text('form.i18n_text.required'));
      return;
    }
    try {
      const envelope = await editTranslation.mutateAsync({
        id: record.key,
        key: record.key,
        zhCn: record.zhCn,
        enUs: record.enUs,
        [field]: value,
      });
      message.success(envelope.message);
    } catch (error) {
      message.error(errorMessage(error, ''));
    }
  };

  const editable = (field: 'zhCn' | 'enUs') => (_: unknown, r: I18nRecord) => (
    <Typography.Text
      editable={
        canEdit
          ? {
              onChange: (text) => void saveText(r, field, text),
              triggerType: ['icon', 'text'],
              maxLength: 500,
            }
          : false
      }
      data-testid={`i18n-${field}-${r.key}`}
    >
      {r[field]}
    </Typography.Text>
  );

  const columns: ListColumn<I18nRecord>[] = [
    {
      key: 'key',
      title: t('key'),
      sorter: true,
      render: (_: unknown, r: I18nRecord) => <code>{r.key}</code>,
    },
    { key: 'zhCn', title: t('zhCn'), sorter: true, render: editable('zhCn') },
    { key: 'enUs', title: t('enUs'), sorter: true, render: editable('enUs') },
    { key: 'updateTime', title: t('common.updateTime'), sorter: true },
  ];

  return (
    <EntityListPage
      listKey="i18n"
      rowKey="key"
      title={canEdit ? <Typography.Text type="secondary">{t('inlineHint')}</Typography.Text> : undefined}
      routes={i18nRoutes}
      columns={columns}
      filters={textFilters((name) => t(name), 'key', 'zhCn', 'enUs')}
      addMark="system:i18n:add"
      // Dictionary texts are translations too (`dict.<code>.<value>`).
      onDeleted={refreshDictionaries}
      exportName={t('title')}
      rowDelete={{ route: i18nRoutes.delete }}
      form={form}
      edit={{ mark: 'system:i18n:edit', testId: (r) => `i18n-edit-${r.key}` }}
      dialog={{ title: { add: t('addTitle'), edit: t('editTitle') }, testId: 'i18n-form' }}
    >
      <TextField
        name="key"
        label={t('key')}
        rules={[
          rules.required('form.i18n_key.required'),
          rules.max(200),
          rules.pattern(/^[A-Za-z0-9_.-]+$/, 'form.i18n_key.chars'),
        ]}
        testId="i18n-form-key"
      />
      {(['zhCn', 'enUs'] as const).map((name) => (
        <TextField
          key={name}
          name={name}
          label={t(name)}
          rules={rules.requiredMax(500, 'form.i18n_text.required')}
          testId={`i18n-form-${name}`}
        />
      ))}
    </EntityListPage>
  );
}
