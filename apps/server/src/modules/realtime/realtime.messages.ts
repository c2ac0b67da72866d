import { defineMessages } from '../../lib/messages';

const zhCN = {
  'realtime.wrong_user': '令牌与连接的用户不一致',
  'realtime.disconnected': '已断开全部实时连接',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'realtime.wrong_user': 'The token belongs to another user',
  'realtime.disconnected': 'All realtime connections were closed',
};

export const realtimeMessages = defineMessages({ zhCN, enUS });
