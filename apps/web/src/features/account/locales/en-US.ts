import type { accountZhCN } from './zh-CN';

export const accountEnUS: typeof accountZhCN = {
  password: {
    title: 'Change password',
    old: 'Old password',
    new: 'New password',
    confirm: 'Confirm new password',
    oldRequired: 'Please enter the old password!',
    newRequired: 'Please enter the new password!',
    confirmRequired: 'Please confirm the new password!',
    mismatch: 'The two passwords differ!',
    noUser: 'No user is signed in!',
    success: 'Password changed',
    failure: 'The password could not be changed',
  },
  info: {
    title: 'Account',
    username: 'Username',
    realname: 'Name',
    sex: 'Sex',
    phone: 'Mobile',
    email: 'Email',
    workNo: 'Job number',
    userType: 'User type',
    unavailable: 'The account could not be read',
  },
};
