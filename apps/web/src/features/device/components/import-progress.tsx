import type { ImportProgress as Progress } from '@ics/contract';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getImportProgress } from '../api/get-import-progress';
import '../locales';

const POLL_MS = 700;

/**
 * While `active` (an import request is under way), shows where it stands: rows read from the
 * file, then rows imported of the total. The server reads large files for seconds; this says so.
 */
export function ImportProgress({ active }: { active: boolean }) {
  const { t } = useTranslation('device');
  const [progress, setProgress] = useState<Progress | null>(null);

  useEffect(() => {
    if (!active) {
      setProgress(null);
      return;
    }
    let stopped = false;
    const poll = async () => {
      try {
        const next = await getImportProgress();
        if (!stopped) setProgress(next);
      } catch {
        // A missed poll shows the previous state; the import's own answer reports failures.
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active]);

  if (!active || !progress?.running) return null;
  const text =
    progress.phase === 'importing'
      ? t('pole.importProgressImporting', { done: progress.done, total: progress.total ?? 0 })
      : t('pole.importProgressReading', { rows: progress.rows });
  return (
    <Typography.Text type="secondary" data-testid="import-progress">
      {text}
    </Typography.Text>
  );
}
