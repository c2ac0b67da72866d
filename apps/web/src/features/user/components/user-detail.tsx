import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { useUser } from '../api/get-user';
import '../locales';

/** `system/UserDetail`: the user an announcement of openType component names by busId. */
export default function UserDetail({ id }: { id: string | null }) {
  const { t } = useTranslation('user');
  const user = useUser(id);
  if (user.isLoading) return <Spin />;
  if (!user.data) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const u = user.data;
  return (
    <Descriptions column={2} bordered size="small" data-testid="user-detail">
      <Descriptions.Item label={t('username')}>{u.username}</Descriptions.Item>
      <Descriptions.Item label={t('realname')}>{u.realname}</Descriptions.Item>
      <Descriptions.Item label={t('phone')}>{u.phone}</Descriptions.Item>
      <Descriptions.Item label={t('email')}>{u.email}</Descriptions.Item>
      <Descriptions.Item label={t('departs')}>{u.orgCodeTxt}</Descriptions.Item>
      <Descriptions.Item label={t('common.createTime')}>{u.createTime}</Descriptions.Item>
    </Descriptions>
  );
}
