import type { PermissionTreeNode, RoleRecord } from '@ics/contract';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGrantDrawer } from '../../permission';
import { usePermissionTree } from '../api/get-permission-tree';
import { useRolePermissions } from '../api/get-role-permissions';
import { useSaveRolePermissions } from '../api/save-role-permissions';
import { RoleDataRuleModal } from './role-data-rule-modal';

/** The permission tree of one role (queryRolePermission → saveRolePermission). */
export function RolePermissionDrawer({ role, onClose }: { role: RoleRecord | null; onClose(): void }) {
  const { t } = useTranslation('role');
  const [rulesOf, setRulesOf] = useState<PermissionTreeNode | null>(null);
  const tree = usePermissionTree(Boolean(role));
  const granted = useRolePermissions(role?.id);
  const savePermissions = useSaveRolePermissions();

  return (
    <PermissionGrantDrawer
      open={Boolean(role)}
      onClose={onClose}
      title={t('authorizeTitle', { name: role?.roleName ?? '' })}
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
      // Only an open drawer saves, and it is open for a role.
      save={(ids) =>
        savePermissions.mutateAsync({
          roleId: role!.id,
          permissionIds: ids,
          lastpermissionIds: granted.data ?? [],
        })
      }
      savedText={t('permissionsSaved')}
    >
      {role && <RoleDataRuleModal role={role} menu={rulesOf} onClose={() => setRulesOf(null)} />}
    </PermissionGrantDrawer>
  );
}
