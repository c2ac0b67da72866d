export { AccountInfoModal } from './components/account-info-modal';
export { ChangePasswordModal } from './components/change-password-modal';
