import { defineMessages } from '../../lib/messages';

const zhCN = {
  'env.project_not_found': '项目不存在或无权访问',
  'env.sensor_not_found': '传感器不存在',
  'env.sensor_not_in_project': '该传感器不属于所选项目',
  'env.threshold_not_found': '阈值不存在',
  'env.threshold_exists': '该传感器（或项目）已有同一指标同一方向的阈值',
  'env.threshold_saved': '阈值已保存',
  'env.threshold_deleted': '阈值已删除',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'env.project_not_found': 'No such project, or it is not yours to see',
  'env.sensor_not_found': 'No such sensor',
  'env.sensor_not_in_project': 'The sensor does not belong to the chosen project',
  'env.threshold_not_found': 'No such threshold',
  'env.threshold_exists': 'The sensor (or project) already has a threshold on this metric in this direction',
  'env.threshold_saved': 'Threshold saved',
  'env.threshold_deleted': 'Threshold deleted',
};

export const envMessages = defineMessages({ zhCN, enUS });
