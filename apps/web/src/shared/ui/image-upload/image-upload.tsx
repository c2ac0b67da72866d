import { UploadOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/http';
import '../widgets-locales';
import './image-upload.css';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export type ImageUploadProps = {
  /** Names the test ids: `<testId>-preview`, `-upload`, `-file`, `-error`, `-clear`. */
  testId: string;
  /** Preview frame: a square (logo, avatar) or a wide one (login background). */
  shape?: 'square' | 'wide';
  alt: string;
  /** The image shown now, or null. */
  url: string | null | undefined;
  /** Sends the chosen file as a data URL; the server checks type and size and refuses with its message. */
  upload(dataUrl: string): Promise<unknown>;
  /** Shows a remove button while there is an image. */
  onClear?: () => void;
};

/**
 * A preview and an upload button for an image the server checks by content (PNG or JPEG) and
 * size. The server's refusal ("只能上传PNG或JPEG图片", "图片过大，最大200 KB") shows below.
 */
export function ImageUpload({ testId, shape = 'square', alt, url, upload, onClear }: ImageUploadProps) {
  const { t } = useTranslation('widgets');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await upload(await readAsDataUrl(file));
      message.success(t('imageUpload.uploaded'));
    } catch (failure) {
      setError(errorMessage(failure, ''));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Space align="start" wrap>
      <div className={`ics-image-upload__preview ics-image-upload__preview--${shape}`}>
        {url ? (
          <img src={url} alt={alt} data-testid={`${testId}-preview`} />
        ) : (
          <Typography.Text type="secondary">{t('imageUpload.none')}</Typography.Text>
        )}
      </div>
      <Space direction="vertical">
        <Button
          icon={<UploadOutlined />}
          loading={busy}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-upload`}
        >
          {t('imageUpload.upload')}
        </Button>
        {onClear && url && (
          <Button type="link" size="small" onClick={onClear} data-testid={`${testId}-clear`}>
            {t('imageUpload.remove')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          data-testid={`${testId}-file`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {error && <Alert type="error" showIcon message={error} data-testid={`${testId}-error`} />}
      </Space>
    </Space>
  );
}
