import { platformRoutes } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { formSave } from '../../../shared/ui/form';
import { platformKeys } from './keys';

export const savePlatformSettings = formSave(platformRoutes.update);

/** Saves the platform settings; they load again. */
export const useSavePlatformSettings = () =>
  useInvalidatingMutation(savePlatformSettings, () => [platformKeys.settings]);
