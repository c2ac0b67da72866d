import type { ReactNode } from 'react';
import { EntityFormModal, type EntityFormState } from '../form/entity-form';
import { ListPage, type ListPageProps } from './list-page';

export type EntityListPageProps<T extends object, V extends Record<string, unknown>> = Omit<
  ListPageProps<T>,
  'onAdd' | 'rowEdit'
> & {
  /** The add/edit form (`useEntityForm`): the add button opens it empty, a row's edit link with the row. */
  form: EntityFormState<T, V>;
  /** The edit link's mark and test id. */
  edit: { mark?: string; testId?: (record: T) => string };
  /** The add/edit dialog; its fields are the children. */
  dialog: { title: { add: string; edit: string }; testId?: string; width?: number };
  children: ReactNode;
};

/** A list whose rows are added and edited in one dialog (roles, dictionaries, projects…). */
export function EntityListPage<T extends object, V extends Record<string, unknown>>({
  form,
  edit,
  dialog,
  children,
  ...list
}: EntityListPageProps<T, V>) {
  return (
    <>
      <ListPage<T> {...list} onAdd={() => void form.open()} rowEdit={{ ...edit, onEdit: form.open }} />
      <EntityFormModal
        state={form.modalProps}
        title={dialog.title}
        width={dialog.width}
        testId={dialog.testId}
      >
        {children}
      </EntityFormModal>
    </>
  );
}
