import type { AlarmDto } from '@ics/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useHas } from '../../../shared/ui/has';
import '../locales';

/**
 * The number of the open work order handling an alarm; a click opens the order for those who
 * may read work orders (the others see the number only). Nothing when no order handles it.
 */
export function WorkOrderLink({
  alarm,
  onOpen,
}: {
  alarm: Pick<AlarmDto, 'workOrderId' | 'workOrderCode'>;
  onOpen: (workOrderId: string) => void;
}) {
  const { t } = useTranslation('alarm');
  const has = useHas();
  const { workOrderId, workOrderCode } = alarm;
  if (!workOrderId) return null;
  const code = workOrderCode ?? workOrderId;
  if (!has('alarm:workorder:list')) return <span>{code}</span>;
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      title={t('list.openWorkOrder', { code })}
      data-testid={`alarm-workorder-${workOrderId}`}
      onClick={(e) => {
        // Inside a table row: opening the order is not selecting the row.
        e.stopPropagation();
        onOpen(workOrderId);
      }}
    >
      {code}
    </Button>
  );
}
