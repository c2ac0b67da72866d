import type { widgetsZhCN } from './zh-CN';

export const widgetsEnUS: typeof widgetsZhCN = {
  formContainer: {
    submit: 'Submit',
    cancel: 'Cancel',
    empty: 'No data',
  },
  pageHeader: {
    search: 'Enter a keyword',
  },
};
