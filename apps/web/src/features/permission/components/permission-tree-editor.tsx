import type { PermissionTreeNode } from '@ics/contract';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tree from 'antd/es/tree';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { allKeys, idsToSave, initialChecked, parentKeys } from './permission-tree-utils';

type Props = {
  tree: PermissionTreeNode[] | undefined;
  /** Granted ids as stored; null while loading. */
  granted: string[] | null;
  saving: boolean;
  onSave(ids: string[]): void;
  testId: string;
  /** Something shown after a node's title (the data-rule link of menus that have rules). */
  nodeExtra?: (node: PermissionTreeNode) => ReactNode;
};

/**
 * A checkable permission tree: linked mode shows half-checked parents and saves them along
 * with their checked children; unlinked mode checks each node on its own.
 */
export function PermissionTreeEditor({ tree, granted, saving, onSave, testId, nodeExtra }: Props) {
  const { t } = useTranslation('permission');
  const [linked, setLinked] = useState(true);
  const [checked, setChecked] = useState<string[]>([]);
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    if (!tree || granted === null) return;
    const start = initialChecked(tree, granted);
    setLinked(start.linked);
    setChecked(start.checked);
    setHalfChecked([]);
    setExpanded(parentKeys(tree));
  }, [tree, granted]);

  if (!tree || granted === null) return <Spin />;

  return (
    <div data-testid={testId}>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>
          {t('tree.linked')}{' '}
          <Switch size="small" checked={linked} onChange={setLinked} data-testid={`${testId}-linked`} />
        </span>
        <Button size="small" onClick={() => setChecked(allKeys(tree))}>
          {t('common.selectAll')}
        </Button>
        <Button size="small" onClick={() => setChecked([])}>
          {t('common.clearAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded(parentKeys(tree))}>
          {t('common.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('common.collapseAll')}
        </Button>
      </Space>
      <Tree
        checkable
        selectable={false}
        checkStrictly={!linked}
        treeData={tree as never}
        checkedKeys={linked ? checked : { checked, halfChecked: [] }}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys as string[])}
        titleRender={(node) => (
          <>
            <span data-testid={`${testId}-node-${node.key}`}>{node.title as string}</span>
            {nodeExtra?.(node as unknown as PermissionTreeNode)}
          </>
        )}
        onCheck={(keys, info) => {
          if (Array.isArray(keys)) {
            setChecked(keys as string[]);
            setHalfChecked((info.halfCheckedKeys ?? []) as string[]);
          } else {
            setChecked(keys.checked as string[]);
            setHalfChecked([]);
          }
        }}
      />
      <div style={{ marginTop: 16 }}>
        <Button
          type="primary"
          loading={saving}
          data-testid={`${testId}-save`}
          onClick={() => {
            // In linked mode the tree reports half-checked parents only on a change; derive them.
            const half = linked ? halfCheckedOf(tree, checked) : halfChecked;
            onSave(idsToSave(checked, half));
          }}
        >
          {t('tree.savePermissions')}
        </Button>
      </div>
    </div>
  );
}

/** Parents with some but not all descendants checked, or with a checked descendant. */
function halfCheckedOf(tree: readonly PermissionTreeNode[], checked: readonly string[]): string[] {
  const set = new Set(checked);
  const out: string[] = [];
  const walk = (nodes: readonly PermissionTreeNode[]): boolean => {
    let any = false;
    for (const n of nodes) {
      const below = n.children?.length ? walk(n.children) : false;
      if (below && !set.has(n.key)) out.push(n.key);
      if (below || set.has(n.key)) any = true;
    }
    return any;
  };
  walk(tree);
  return out;
}
