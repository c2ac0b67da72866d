import { announcementRoutes } from '@ics/contract';
import { formSaveHooks } from '../../../shared/ui/form';

/** Adding or editing a draft announcement reloads the announcement list. */
export const { useAdd: useAddAnnouncement, useEdit: useEditAnnouncement } = formSaveHooks(
  announcementRoutes,
  announcementRoutes.list,
);
