import { numeric, text } from '../../field-spec';
import { GATEWAY_SN_PATTERN } from './protocol';

/** The project a pole, gateway, group, cabinet or strategy belongs to (chosen from a list). */
export const projectIdField = text({ required: 'form.required', max: 64, trim: false });
/** The name of a pole, gateway, device, group, cabinet, circuit or strategy. */
export const nameField = text({ required: 'form.required', max: 100 });

/** The pole form's fields. */
export const poleFields = {
  projectId: projectIdField,
  code: text({ required: 'form.required', max: 64 }),
  name: nameField,
  longitude: numeric({ required: 'form.required', min: -180, max: 180, message: 'form.longitude.range' }),
  latitude: numeric({ required: 'form.required', min: -90, max: 90, message: 'form.latitude.range' }),
};

/** The gateway form's fields. */
export const gatewayFields = {
  projectId: projectIdField,
  sn: text({
    required: 'form.required',
    max: 64,
    trim: false,
    pattern: { regex: GATEWAY_SN_PATTERN, message: 'form.sn.chars' },
  }),
  name: nameField,
};
