import type { ImportResult } from '@ics/contract';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';

/** The outcome of an .xlsx import: counts, then one row per refused cell or row. */
export function ImportResultModal({
  result,
  onClose,
  summaryTestId,
  withColumn = false,
}: {
  result: ImportResult | null;
  onClose(): void;
  summaryTestId: string;
  /** Whether the errors name the column (device import) as well as the row. */
  withColumn?: boolean;
}) {
  const { t } = useTranslation('device');
  return (
    <Modal
      open={!!result}
      title={t('pole.importTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {result && (
        <>
          <p data-testid={summaryTestId}>{t('pole.importSummary', result)}</p>
          {result.errors.length > 0 && (
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.column ?? ''}-${r.message}`}
              dataSource={result.errors}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: t('pole.importRow'), dataIndex: 'row', width: 70 },
                ...(withColumn ? [{ title: t('pole.importColumn'), dataIndex: 'column', width: 100 }] : []),
                { title: t('pole.importError'), dataIndex: 'message' },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
