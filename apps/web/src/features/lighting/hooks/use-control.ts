import type { ControlJobDto } from '@ics/contract';
import App from 'antd/es/app';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { useControlJob } from '../../../shared/lib/realtime/control-job';

/** The server's answer when a selection needs confirmation: 409 `lighting.confirm_required` with `{ count }`. */
export function confirmCount(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 409 || error.errorCode !== 'lighting.confirm_required')
    return null;
  const result = error.envelope?.result as { count?: unknown } | null | undefined;
  return typeof result?.count === 'number' ? result.count : 0;
}

/** A switch-off or dim the operator confirms first: how many lamps it reaches (null: not known here). */
export type ControlConfirm = {
  action: 'on' | 'off' | 'dim';
  level?: number | undefined;
  count: number | null;
};

/**
 * Sends a control (lamps, group, gateway, project, circuits) and follows its job. Switching off
 * or dimming asks the operator first, naming how many lamps; a selection above the server's
 * threshold asks again with the server's count, then sends with `confirm`.
 */
export function useControl() {
  const { t } = useTranslation('lighting');
  const { modal, message } = App.useApp();
  const { job, track, clear } = useControlJob();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);

  const run = useCallback(
    async (send: (confirm: boolean) => Promise<ControlJobDto>, ask?: ControlConfirm) => {
      if (ask && ask.action !== 'on') {
        const kind = ask.action === 'off' ? 'Off' : 'Dim';
        const ok = await modal.confirm({
          title: t(`control.confirm${kind}Title`),
          content:
            ask.count === null
              ? t(`control.confirm${kind}Target`, { level: ask.level ?? 0 })
              : t(`control.confirm${kind}`, { count: ask.count, level: ask.level ?? 0 }),
        });
        if (!ok) return;
      }
      setSending(true);
      try {
        let started: ControlJobDto;
        try {
          started = await send(false);
        } catch (error) {
          const count = confirmCount(error);
          if (count === null) throw error;
          const ok = await modal.confirm({
            title: t('control.confirmTitle'),
            content: t('control.confirmContent', { count }),
          });
          if (!ok) return;
          started = await send(true);
        }
        track(started);
        setOpen(true);
      } catch (error) {
        const text = errorMessage(error, '');
        if (text && isApiError(error) && error.status === 409) message.error(text);
      } finally {
        setSending(false);
      }
    },
    [modal, message, t, track],
  );

  return {
    job,
    run,
    sending,
    drawerOpen: open,
    openDrawer: () => setOpen(true),
    closeDrawer: () => setOpen(false),
    clear,
  };
}
