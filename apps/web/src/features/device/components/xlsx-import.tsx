import type { ImportResult } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import '../locales';
import { fileToBase64 } from '../utils/file';
import { ImportProgress } from './import-progress';
import { ImportResultModal } from './import-result-modal';

/**
 * An .xlsx import into a project: the upload button, the progress while the server reads the
 * file, then how many rows were added and why the others were not.
 */
export function XlsxImport({
  projectId,
  send,
  onDone,
  text,
  title,
  testId,
  summaryTestId,
  withColumn,
  wrap = (upload) => upload,
}: {
  projectId: string | undefined;
  /** Sends the file (base64) to the project's import. */
  send(projectId: string, file: string): Promise<ImportResult>;
  onDone?: () => void;
  text: string;
  /** The columns the file holds (the button's tooltip). */
  title: string;
  testId?: string;
  summaryTestId: string;
  withColumn?: boolean;
  /** Places the upload button (beside a project choice). */
  wrap?: (upload: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importing, setImporting] = useState(false);

  const onImport = async (file: File) => {
    if (!projectId) {
      message.warning(t('pole.chooseProject'));
      return;
    }
    setImporting(true);
    try {
      setResult(await send(projectId, await fileToBase64(file)));
      onDone?.();
    } catch (error) {
      message.error(errorMessage(error, ''));
    } finally {
      setImporting(false);
    }
  };

  return (
    <>
      {wrap(
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void onImport(file);
            return false;
          }}
        >
          <Button loading={importing} title={title} data-testid={testId}>
            {text}
          </Button>
        </Upload>,
      )}
      <ImportProgress active={importing} />
      <ImportResultModal
        result={result}
        onClose={() => setResult(null)}
        summaryTestId={summaryTestId}
        withColumn={withColumn}
      />
    </>
  );
}
