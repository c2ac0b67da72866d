import { defineMessages } from '../../lib/messages';

const zhCN = {
  'workorder.not_found': '未找到该工单',
  'workorder.project_not_found': '未找到该项目',
  'workorder.assignee_not_found': '处理人不存在或不属于该项目',
  'workorder.alarm_not_found': '报警不存在或不属于该项目：{id}',
  'workorder.bad_transition': '工单当前状态为“{status}”，不能执行该操作',
  'workorder.not_assignee': '只有工单处理人可以执行该操作',
  'workorder.not_dispatcher': '需要工单派发权限',
  'workorder.closed': '工单已关闭，不能修改',
  'workorder.fault_active': '设备仍在上报故障（{count}条报警），确认后可强制关闭',
  'workorder.created': '工单已创建',
  'workorder.saved': '工单已保存',
  'workorder.assigned': '工单已派发',
  'workorder.moved': '工单状态已更新',
  'workorder.noted': '备注已添加',
  'workorder.photo_not_found': '未找到该照片',
  'workorder.not_photo_author': '只有备注的作者或工单派发人可以删除照片',
  'workorder.photo_removed': '照片已删除',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'workorder.not_found': 'No such work order',
  'workorder.project_not_found': 'No such project',
  'workorder.assignee_not_found': 'The assignee does not exist or cannot see this project',
  'workorder.alarm_not_found': 'No such alarm in this project: {id}',
  'workorder.bad_transition': 'The work order is “{status}”: this step is not possible',
  'workorder.not_assignee': 'Only the work order’s assignee can do this',
  'workorder.not_dispatcher': 'This needs the right to assign work orders',
  'workorder.closed': 'The work order is closed and cannot be changed',
  'workorder.fault_active': 'A device still reports the fault ({count} alarms); confirm to close anyway',
  'workorder.created': 'Work order created',
  'workorder.saved': 'Work order saved',
  'workorder.assigned': 'Work order assigned',
  'workorder.moved': 'Work order updated',
  'workorder.noted': 'Note added',
  'workorder.photo_not_found': 'No such photo',
  'workorder.not_photo_author': 'Only the note’s author or a dispatcher can remove its photos',
  'workorder.photo_removed': 'Photo removed',
};

export const workOrderMessages = defineMessages({ zhCN, enUS });
