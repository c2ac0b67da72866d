import type { PermissionTreeNode, RoleRecord } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionTreeEditor } from '../../permission';
import { usePermissionTree } from '../api/get-permission-tree';
import { useRolePermissions } from '../api/get-role-permissions';
import { useSaveRolePermissions } from '../api/save-role-permissions';
import { RoleDataRuleModal } from './role-data-rule-modal';

/** The permission tree of one role (queryRolePermission → saveRolePermission). */
export function RolePermissionDrawer({ role, onClose }: { role: RoleRecord | null; onClose(): void }) {
  const { t } = useTranslation('role');
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [rulesOf, setRulesOf] = useState<PermissionTreeNode | null>(null);
  const tree = usePermissionTree(Boolean(role));
  const granted = useRolePermissions(role?.id);
  const savePermissions = useSaveRolePermissions();

  return (
    <Drawer
      open={Boolean(role)}
      onClose={onClose}
      width={520}
      title={t('authorizeTitle', { name: role?.roleName ?? '' })}
      destroyOnHidden
    >
      {role && (
        <PermissionTreeEditor
          testId="role-permission-tree"
          nodeExtra={(node) =>
            node.ruleFlag === 1 ? (
              <Button
                type="link"
                size="small"
                onClick={(e) => {
                  e.stopPropagation();
                  setRulesOf(node);
                }}
                data-testid={`role-data-rules-${node.key}`}
              >
                {t('dataRules')}
              </Button>
            ) : null
          }
          tree={tree.data?.treeList}
          granted={granted.data ?? null}
          saving={saving}
          onSave={async (ids) => {
            setSaving(true);
            try {
              const envelope = await savePermissions.mutateAsync({
                roleId: role.id,
                permissionIds: ids,
                lastpermissionIds: granted.data ?? [],
              });
              message.success(envelope.message || t('permissionsSaved'));
              onClose();
            } catch {
              // the HTTP client showed the server's message
            } finally {
              setSaving(false);
            }
          }}
        />
      )}
      {role && <RoleDataRuleModal role={role} menu={rulesOf} onClose={() => setRulesOf(null)} />}
    </Drawer>
  );
}
