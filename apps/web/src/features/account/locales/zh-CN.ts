/** Texts of the account dialogs (namespace `account`). */
export const accountZhCN = {
  password: {
    title: '修改密码',
    old: '旧密码',
    new: '新密码',
    confirm: '确认新密码',
    oldRequired: '请输入旧密码!',
    newRequired: '请输入新密码!',
    confirmRequired: '请确认新密码!',
    mismatch: '两次输入的密码不一样！',
    noUser: '当前系统无登陆用户!',
    success: '密码修改成功',
    failure: '密码修改失败',
  },
  info: {
    title: '账户信息',
    username: '用户账号',
    realname: '用户姓名',
    sex: '性别',
    phone: '手机号码',
    email: '邮箱',
    workNo: '工号',
    userType: '用户类型',
    unavailable: '无法读取账户信息',
  },
};
