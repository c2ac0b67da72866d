import type { projectZhCN } from './zh-CN';

export const projectEnUS: typeof projectZhCN = {
  common: {
    createTime: 'Created',
    description: 'Description',
  },
  title: 'Projects',
  name: 'Project name',
  nameZh: 'Name (Chinese)',
  nameEn: 'Name (English)',
  descriptionZh: 'Description (Chinese)',
  descriptionEn: 'Description (English)',
  englishHint: 'Shown in the English console; when empty, the Chinese text is shown',
  code: 'Project code',
  region: 'Region',
  longitude: 'Centre longitude',
  latitude: 'Centre latitude',
  timeZone: 'Time zone',
  departs: 'Visible to departments',
  addTitle: 'Add project',
  editTitle: 'Edit project',
};
