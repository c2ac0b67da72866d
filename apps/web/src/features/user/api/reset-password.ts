import { userRoutes } from '@ics/contract';
import { formSave } from '../../../shared/ui/form';

/** Sets a user's new password (the administrator's reset). */
export const resetPassword = formSave(userRoutes.changePassword);
