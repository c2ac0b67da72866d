import type { UserInfo } from '@ics/contract';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/auth/session-store';
import { DictSelect } from '../../../shared/ui/dict';
import { TextField } from '../../../shared/ui/form';
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

/** The account's plain text fields, in the order shown (the sex choice after the first two). */
const TEXT_FIELDS = ['username', 'realname', 'phone', 'email', 'workNo'] as const;

/**
 * The signed-in user's account, read-only: the form container in detail mode with the sex and
 * user-type dictionaries. Fetched fresh on opening, so changes an administrator made show.
 */
export function AccountInfoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('session');
  const username = useSession((s) => s.userInfo?.username);
  const query = useLoginUser(username, open);
  const user = query.data;

  const textField = (name: (typeof TEXT_FIELDS)[number]) => (
    <TextField key={name} name={name} label={t(`info.${name}`)} testId={`account-${name.toLowerCase()}`} />
  );

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
          {TEXT_FIELDS.slice(0, 2).map(textField)}
          <Form.Item name="sex" label={t('info.sex')}>
            <DictSelect dictCode="sex" type="radio" data-testid="account-sex" />
          </Form.Item>
          {TEXT_FIELDS.slice(2).map(textField)}
          <Form.Item name="userType" label={t('info.userType')}>
            <DictSelect dictCode="user_type" allowClear={false} data-testid="account-user-type" />
          </Form.Item>
        </Form>
      </FormContainer>
    </Modal>
  );
}
