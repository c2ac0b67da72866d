import type { PermissionTreeNode, RoleRecord } from '@ics/contract';
import App from 'antd/es/app';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleDataRules } from '../api/get-role-data-rules';
import { saveRoleDataRules } from '../api/save-role-data-rules';

/** The data rules of one menu granted to a role: they restrict the rows its list shows the role's users. */
export function RoleDataRuleModal({
  role,
  menu,
  onClose,
}: {
  role: RoleRecord;
  menu: PermissionTreeNode | null;
  onClose(): void;
}) {
  const { t } = useTranslation('role');
  const { message } = App.useApp();
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const rules = useRoleDataRules(role.id, menu?.key);
  useEffect(() => setChecked(rules.data?.drChecked ?? []), [rules.data]);

  const save = async () => {
    if (!menu) return;
    setSaving(true);
    try {
      const envelope = await saveRoleDataRules(role.id, menu.key, checked);
      message.success(envelope.message || t('common.saved'));
      onClose();
    } catch {
      // the HTTP client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={Boolean(menu)}
      title={t('dataRulesTitle', { name: menu?.title ?? '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'role-data-rules-save' } as never}
      destroyOnHidden
    >
      {rules.isLoading ? (
        <Spin />
      ) : (rules.data?.datarule ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          value={checked}
          onChange={(v) => setChecked(v as string[])}
          options={(rules.data?.datarule ?? []).map((r) => ({
            value: r.id,
            label: t('dataRuleOption', {
              name: r.ruleName,
              column: r.ruleColumn ?? '',
              condition: r.ruleConditions,
              value: r.ruleValue,
            }),
            disabled: r.status !== '1',
          }))}
        />
      )}
    </Modal>
  );
}
