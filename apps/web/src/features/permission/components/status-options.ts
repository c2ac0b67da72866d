import type { TFunction } from 'i18next';

/** The choice of a button's or a data rule's status, stored as '1' (enabled) or '0'. */
export const statusOptions = (t: TFunction<'permission'>) => [
  { value: '1', label: t('common.enabled') },
  { value: '0', label: t('common.disabled') },
];
