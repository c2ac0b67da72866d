import type { PermissionTreeNode, RoleRecord } from '@ics/contract';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAction } from '../../../shared/hooks/use-save-action';
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
  const [checked, setChecked] = useState<string[]>([]);
  const { saving, run } = useSaveAction();
  const rules = useRoleDataRules(role.id, menu?.key);
  useEffect(() => setChecked(rules.data?.drChecked ?? []), [rules.data]);

  const save = () => {
    if (menu) void run(() => saveRoleDataRules(role.id, menu.key, checked), t('common.saved'), onClose);
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
