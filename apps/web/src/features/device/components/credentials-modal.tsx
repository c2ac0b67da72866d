import type { GatewayCredentials } from '@ics/contract';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** A gateway's MQTT credentials, shown once, each value copyable. */
export function CredentialsModal({
  credentials,
  onClose,
}: {
  credentials: GatewayCredentials | null;
  onClose(): void;
}) {
  const { t } = useTranslation('device');
  const rows: Array<[string, string]> = credentials
    ? [
        [t('gateway.sn'), credentials.sn],
        [t('gateway.username'), credentials.username],
        [t('gateway.password'), credentials.password],
        [t('gateway.clientId'), credentials.clientId],
        [t('gateway.topicPrefix'), credentials.topicPrefix],
      ]
    : [];
  return (
    <Modal
      open={!!credentials}
      title={t('gateway.credentialsTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon title={t('gateway.credentialsHint')} style={{ marginBottom: 12 }} />
      <dl className="ics-device__credentials" data-testid="gateway-credentials">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <Typography.Text code copyable={{ text: value }}>
                {value}
              </Typography.Text>
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
