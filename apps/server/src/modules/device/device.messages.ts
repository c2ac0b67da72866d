import { defineMessages } from '../../lib/messages';

/** Messages of the device module (registry, commands, import). */
const zhCN = {
  'device.project_not_found': '项目不存在或无权访问',
  'device.not_found': '设备不存在或无权访问',
  'device.pole_not_found': '灯杆不存在或无权访问',
  'device.gateway_not_found': '网关不存在或无权访问',
  'device.pole_code_taken': '灯杆编号{code}已存在',
  'device.gateway_sn_taken': '网关序列号{sn}已存在',
  'device.address_taken': '该网关下地址{address}已存在',
  'device.bus_down': '设备通信服务未启动',
  'device.command_not_here': '指令{cmd}不能通过此接口发送',
  'device.commands_sent': '已下发{count}条指令',
  'device.import_bad_file': '无法读取Excel文件',
  'device.import_done': '导入完成：成功{imported}条，失败{failed}条',
  'device.import_row_missing': '缺少{field}',
  'device.import_row_invalid': '{field}格式错误',
  'device.import_unknown_gateway': '该项目下没有序列号为{sn}的网关',
  'device.import_unknown_pole': '该项目下没有编号为{code}的灯杆',
  'device.credentials_issued': '新凭据已生成，仅显示一次，请妥善保存',
  'device.broker_accounts_down': 'MQTT服务器的账号服务暂不可用，请稍后重试',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'device.project_not_found': 'No such project, or it is not yours',
  'device.not_found': 'No such device, or it is not in your projects',
  'device.pole_not_found': 'No such pole, or it is not in your projects',
  'device.gateway_not_found': 'No such gateway, or it is not in your projects',
  'device.pole_code_taken': 'Pole code {code} already exists',
  'device.gateway_sn_taken': 'Gateway serial number {sn} already exists',
  'device.address_taken': 'Address {address} already exists on this gateway',
  'device.bus_down': 'The device bus is not running',
  'device.command_not_here': 'Command {cmd} cannot be sent through this route',
  'device.commands_sent': '{count} command(s) sent',
  'device.import_bad_file': 'The Excel file cannot be read',
  'device.import_done': 'Import finished: {imported} imported, {failed} failed',
  'device.import_row_missing': '{field} is missing',
  'device.import_row_invalid': '{field} is not valid',
  'device.import_unknown_gateway': 'No gateway with serial number {sn} in this project',
  'device.import_unknown_pole': 'No pole with code {code} in this project',
  'device.credentials_issued': 'New credentials issued: shown once, keep them safe',
  'device.broker_accounts_down': 'The MQTT broker cannot change its accounts now; try again shortly',
};

export const deviceMessages = defineMessages({ zhCN, enUS });
