import type { widgetsZhCN } from './zh-CN';

export const widgetsEnUS: typeof widgetsZhCN = {
  formContainer: {
    submit: 'Submit',
    cancel: 'Cancel',
    empty: 'No data',
  },
  imageUpload: {
    upload: 'Upload image',
    uploaded: 'Uploaded',
    none: 'Not set',
    remove: 'Remove',
  },
  pageHeader: {
    search: 'Enter a keyword',
  },
};
