import type { Envelope, PermissionTreeNode } from '@ics/contract';
import Drawer from 'antd/es/drawer';
import type { ReactNode } from 'react';
import { useSaveAction } from '../../../shared/hooks/use-save-action';
import { PermissionTreeEditor } from './permission-tree-editor';

/**
 * The drawer that grants a holder (a role, a department role) permissions in the tree editor:
 * saving shows the server's message and closes it.
 */
export function PermissionGrantDrawer({
  open,
  title,
  onClose,
  testId,
  tree,
  granted,
  nodeExtra,
  save,
  savedText,
  children,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  testId: string;
  tree: PermissionTreeNode[] | undefined;
  granted: string[] | null;
  nodeExtra?: (node: PermissionTreeNode) => ReactNode;
  /** Sends the checked ids. */
  save(ids: string[]): Promise<Envelope<unknown>>;
  savedText: string;
  /** Dialogs opened from the tree. */
  children?: ReactNode;
}) {
  const { saving, run } = useSaveAction();
  return (
    <Drawer open={open} onClose={onClose} width={520} title={title} destroyOnHidden>
      {open && (
        <PermissionTreeEditor
          testId={testId}
          nodeExtra={nodeExtra}
          tree={tree}
          granted={granted}
          saving={saving}
          onSave={(ids) => void run(() => save(ids), savedText, onClose)}
        />
      )}
      {children}
    </Drawer>
  );
}
