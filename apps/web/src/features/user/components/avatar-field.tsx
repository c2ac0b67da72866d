import { useTranslation } from 'react-i18next';
import { platformLogoUrl } from '../../../shared/hooks/use-platform-settings';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { uploadAvatar } from '../api/upload-avatar';
import '../locales';

/** The user form's avatar: the stored image name as the field value, uploaded at once. */
export function AvatarField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const { t } = useTranslation('user');
  return (
    <ImageUpload
      testId="user-form-avatar"
      alt={t('avatar')}
      url={platformLogoUrl(value)}
      upload={async (dataUrl) => {
        const stored = await uploadAvatar(dataUrl);
        onChange?.(stored.path);
      }}
      onClear={() => onChange?.(null)}
    />
  );
}
