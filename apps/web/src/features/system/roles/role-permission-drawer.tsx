import type { PermissionTreeNode, RoleRecord } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionTreeEditor } from '../../permission';
import { usePermissionTree } from '../api/permission-tree';
import { fetchRolePermissions } from '../api/role-permissions';
import { saveRolePermissions } from '../api/save-role-permissions';
import { RoleDataRuleModal } from './role-data-rule-modal';

/** The permission tree of one role (queryRolePermission → saveRolePermission). */
export function RolePermissionDrawer({ role, onClose }: { role: RoleRecord | null; onClose(): void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [rulesOf, setRulesOf] = useState<PermissionTreeNode | null>(null);
  const tree = usePermissionTree(Boolean(role));
  const granted = useQuery({
    queryKey: ['sys', 'role-permissions', role?.id],
    enabled: Boolean(role),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => fetchRolePermissions(role?.id ?? ''),
  });

  return (
    <Drawer
      open={Boolean(role)}
      onClose={onClose}
      width={520}
      title={t('role.authorizeTitle', { name: role?.roleName ?? '' })}
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
                {t('role.dataRules')}
              </Button>
            ) : null
          }
          tree={tree.data?.treeList}
          granted={granted.data ?? null}
          saving={saving}
          onSave={async (ids) => {
            setSaving(true);
            try {
              const envelope = await saveRolePermissions(role.id, ids, granted.data ?? []);
              message.success(envelope.message || t('role.permissionsSaved'));
              await granted.refetch();
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
