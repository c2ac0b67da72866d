import type { UserInfo } from '@ics/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/auth/session-store';
import { DictSelect } from '../../../shared/ui/dict';
import { FormContainer } from '../../../shared/ui/form-container';
import { useLoginUser } from '../api/get-login-user';
import '../locales';

type Values = {
  username: string;
  realname: string;
  sex?: string;
  phone?: string;
  email?: string;
  workNo?: string;
  userType?: string;
};

function toValues(user: UserInfo): Values {
  return {
    username: user.username,
    realname: user.realname,
    ...(user.sex === null ? {} : { sex: String(user.sex) }),
    phone: user.phone ?? '',
    email: user.email ?? '',
    workNo: user.workNo ?? '',
    userType: user.userType,
  };
}

/**
 * The signed-in user's account, read-only: the form container in detail mode with the sex and
 * user-type dictionaries. Fetched fresh on opening, so changes an administrator made show.
 */
export function AccountInfoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('session');
  const username = useSession((s) => s.userInfo?.username);
  const query = useLoginUser(username, open);
  const user = query.data;

  return (
    <Modal
      title={t('info.title')}
      open={open}
      width={800}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="account-dialog"
    >
      <FormContainer
        mode="detail"
        bordered={false}
        loading={query.isPending && query.fetchStatus !== 'idle'}
        empty={!user && !query.isFetching}
        emptyText={t('info.unavailable')}
        data-testid="account-form"
      >
        <Form<Values>
          key={query.dataUpdatedAt}
          initialValues={user ? toValues(user) : undefined}
          labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
          wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
        >
          <Form.Item name="username" label={t('info.username')}>
            <Input data-testid="account-username" />
          </Form.Item>
          <Form.Item name="realname" label={t('info.realname')}>
            <Input data-testid="account-realname" />
          </Form.Item>
          <Form.Item name="sex" label={t('info.sex')}>
            <DictSelect dictCode="sex" type="radio" data-testid="account-sex" />
          </Form.Item>
          <Form.Item name="phone" label={t('info.phone')}>
            <Input data-testid="account-phone" />
          </Form.Item>
          <Form.Item name="email" label={t('info.email')}>
            <Input data-testid="account-email" />
          </Form.Item>
          <Form.Item name="workNo" label={t('info.workNo')}>
            <Input data-testid="account-workno" />
          </Form.Item>
          <Form.Item name="userType" label={t('info.userType')}>
            <DictSelect dictCode="user_type" allowClear={false} data-testid="account-user-type" />
          </Form.Item>
        </Form>
      </FormContainer>
    </Modal>
  );
}
