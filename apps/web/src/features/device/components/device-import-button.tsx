import { useTranslation } from 'react-i18next';
import { Has } from '../../../shared/ui/has';
import { importDevices } from '../api/import-devices';
import '../locales';
import { XlsxImport } from './xlsx-import';

/**
 * Imports the devices behind gateways (lamps, sensors, screens, speakers, cameras) from an
 * .xlsx into `projectId`, then shows how many rows were added and why the others were not.
 * Rendered only for holders of `lighting:device:import`.
 */
export function DeviceImportButton({ projectId, onDone }: { projectId?: string; onDone?: () => void }) {
  const { t } = useTranslation('device');
  return (
    <Has action="lighting:device:import">
      <XlsxImport
        projectId={projectId}
        send={importDevices}
        onDone={onDone}
        text={t('pole.importDevices')}
        title={t('pole.importDevicesColumns')}
        testId="device-import"
        summaryTestId="device-import-summary"
        withColumn
      />
    </Has>
  );
}
