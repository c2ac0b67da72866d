import { userRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { call, unwrap } from '../../../shared/lib/http';
import '../locales';

/** `system/UserDetail`: the user an announcement of openType component names by busId. */
export default function UserDetail({ id }: { id: string | null }) {
  const { t } = useTranslation('system');
  const user = useQuery({
    queryKey: ['sys', 'user-detail', id],
    enabled: Boolean(id),
    queryFn: async () => unwrap(await call(userRoutes.queryById, { query: { id: id ?? '' } })),
  });
  if (user.isLoading) return <Spin />;
  if (!user.data) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const u = user.data;
  return (
    <Descriptions column={2} bordered size="small" data-testid="user-detail">
      <Descriptions.Item label={t('user.username')}>{u.username}</Descriptions.Item>
      <Descriptions.Item label={t('user.realname')}>{u.realname}</Descriptions.Item>
      <Descriptions.Item label={t('user.phone')}>{u.phone}</Descriptions.Item>
      <Descriptions.Item label={t('user.email')}>{u.email}</Descriptions.Item>
      <Descriptions.Item label={t('user.departs')}>{u.orgCodeTxt}</Descriptions.Item>
      <Descriptions.Item label={t('common.createTime')}>{u.createTime}</Descriptions.Item>
    </Descriptions>
  );
}
