import type { departZhCN } from './zh-CN';

export const departEnUS: typeof departZhCN = {
  selectTitle: 'Select department',
  switchTitle: 'Switch department',
  current: 'Current department: {{name}}',
  label: 'Department',
  placeholder: 'Choose the department to work in',
  required: 'Please choose a department',
  none: 'You have no department yet!',
  switched: 'Department switched',
  switchEntry: 'Switch department',
};
