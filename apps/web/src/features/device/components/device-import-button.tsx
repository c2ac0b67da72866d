import type { ImportResult } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { Has } from '../../../shared/ui/has';
import { importDevices } from '../api/import-devices';
import '../locales';
import { fileToBase64 } from '../utils/file';
import { ImportProgress } from './import-progress';
import { ImportResultModal } from './import-result-modal';

/**
 * Imports the devices behind gateways (lamps, sensors, screens, speakers, cameras) from an
 * .xlsx into `projectId`, then shows how many rows were added and why the others were not.
 * Rendered only for holders of `lighting:device:import`.
 */
export function DeviceImportButton({ projectId, onDone }: { projectId?: string; onDone?: () => void }) {
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
      setResult(await importDevices(projectId, await fileToBase64(file)));
      onDone?.();
    } catch (error) {
      message.error(errorMessage(error, ''));
    } finally {
      setImporting(false);
    }
  };

  return (
    <Has action="lighting:device:import">
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void onImport(file);
          return false;
        }}
      >
        <Button loading={importing} title={t('pole.importDevicesColumns')} data-testid="device-import">
          {t('pole.importDevices')}
        </Button>
      </Upload>
      <ImportProgress active={importing} />
      <ImportResultModal
        result={result}
        onClose={() => setResult(null)}
        summaryTestId="device-import-summary"
        withColumn
      />
    </Has>
  );
}
