import type { Depart } from '@ics/contract';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/auth/session-store';
import { getCurrentUserDeparts } from '../api/get-current-user-departs';
import { selectDepart } from '../api/select-depart';
import '../locales';

/** Width of the dialog (spec §9). */
export const DEPART_DIALOG_WIDTH = 450;

/**
 * Department selection (spec §2, §4): loads the user's departments when opened; without any it
 * warns "您尚未设置部门信息!" and closes. Confirming without a choice marks the field as an
 * error; a choice is sent to `selectDepart` and the answer updates the session. The dialog can
 * be dismissed only when `closable` (switching), not when the user must choose.
 */
export function DepartSelectModal({
  open,
  closable,
  onClose,
}: {
  open: boolean;
  closable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('depart');
  const { message } = App.useApp();
  const username = useSession((s) => s.userInfo?.username);
  const [departs, setDeparts] = useState<Depart[] | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | undefined>();
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    getCurrentUserDeparts()
      .then(({ list, orgCode }) => {
        if (!alive) return;
        if (list.length === 0) {
          void message.warning(t('select.none'));
          onClose();
          return;
        }
        setDeparts(list);
        setCurrent(orgCode);
      })
      .catch(() => {
        if (alive) onClose();
      });
    return () => {
      alive = false;
    };
  }, [open, message, t, onClose]);

  const reset = () => {
    setDeparts(null);
    setSelected(undefined);
    setInvalid(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const handleOk = async () => {
    if (!selected) {
      setInvalid(true);
      return;
    }
    if (!username) return;
    setSaving(true);
    try {
      await selectDepart(username, selected);
      void message.success(t('select.switched'));
      close();
    } catch {
      // the HTTP client has shown the failure
    } finally {
      setSaving(false);
    }
  };

  const currentName = departs?.find((d) => d.orgCode === current)?.departName;
  const title = current ? t('select.switchTitle') : t('select.selectTitle');

  return (
    <Modal
      title={
        <span data-testid="depart-dialog-title">
          {title}
          {currentName ? (
            <span style={{ marginLeft: 12, fontSize: 13, fontWeight: 400, color: 'rgba(0,0,0,.45)' }}>
              {t('select.current', { name: currentName })}
            </span>
          ) : null}
        </span>
      }
      open={open && departs !== null}
      width={DEPART_DIALOG_WIDTH}
      closable={closable}
      mask={{ closable: false }}
      keyboard={closable}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={closable ? close : undefined}
      cancelButtonProps={{ style: closable ? undefined : { display: 'none' } }}
      data-testid="depart-dialog"
    >
      <Form layout="vertical">
        <Form.Item
          label={t('select.label')}
          required
          validateStatus={invalid ? 'error' : undefined}
          help={invalid ? t('select.required') : undefined}
        >
          <Select
            value={selected}
            onChange={(v: string) => {
              setSelected(v);
              setInvalid(false);
            }}
            placeholder={t('select.placeholder')}
            options={(departs ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))}
            data-testid="depart-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
