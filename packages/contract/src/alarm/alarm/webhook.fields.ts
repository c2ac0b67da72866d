import { text } from '../../field-spec';

const HTTP_URL = /^https?:\/\/\S+$/;

/** The webhook form's fields: where alarms are POSTed and the secret that signs them. */
export const webhookFields = {
  url: text({
    required: 'form.required',
    max: 500,
    pattern: { regex: HTTP_URL, message: 'form.url.invalid' },
  }),
  /** Kept as typed: a secret's spaces are part of it. */
  secret: text({ required: 'form.required', min: 16, max: 200, message: 'form.secret.length', trim: false }),
};
