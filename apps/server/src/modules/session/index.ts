export { createSessionModule } from './session.module';
export { logSmsSender, type SmsSender } from './sms';
