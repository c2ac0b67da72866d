import { DeleteOutlined } from '@ant-design/icons';
import type { WorkOrderDetail, WorkOrderNoteDto } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/auth/session-store';
import { useHas } from '../../../shared/ui/has';
import { useRemovePhoto } from '../api/workorders';
import './alarm.css';
import '../locales';

/** The side of a thumbnail in the notes (the server's thumbnails are at most 320 px a side). */
const THUMB_SIDE = 72;

/**
 * A note's photos as thumbnails; a click opens the full photo (the group pages through the
 * note's photos). The note's author or a dispatcher may remove one while the order is open.
 */
export function WorkOrderPhotos({ order, note }: { order: WorkOrderDetail; note: WorkOrderNoteDto }) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const has = useHas();
  const username = useSession((s) => s.userInfo?.username);
  const remove = useRemovePhoto();
  const removable =
    order.status !== 'closed' &&
    has('alarm:workorder:edit') &&
    (note.author === username || has('alarm:workorder:assign'));
  if (note.photos.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {note.photos.map((p, i) => (
          <span key={p.id} className="ics-workorder-photo">
            <Image
              src={p.thumbnailUrl}
              width={THUMB_SIDE}
              height={THUMB_SIDE}
              style={{ objectFit: 'cover' }}
              alt={`${t('workorder.photos')} ${i + 1}`}
              preview={{ src: p.url }}
              data-testid="workorder-photo"
            />
            {removable && (
              <Popconfirm
                title={t('workorder.removePhotoConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  await remove.mutateAsync(p.id);
                  message.success(t('workorder.photoRemoved'));
                }}
              >
                <Button
                  className="ics-workorder-photo__remove"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('workorder.removePhoto')}
                  title={t('workorder.removePhoto')}
                  data-testid="workorder-photo-remove"
                />
              </Popconfirm>
            )}
          </span>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
