import type { Envelope } from '@ics/contract';
import App from 'antd/es/app';
import { useState } from 'react';

/**
 * A save a dialog or drawer sends on its own: `saving` while it runs; once the server accepted
 * it, its message (or `savedText`) and `onDone`. A refusal leaves the dialog open: the HTTP
 * client has shown the server's message.
 */
export function useSaveAction() {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const run = async (send: () => Promise<Envelope<unknown>>, savedText: string, onDone?: () => void) => {
    setSaving(true);
    try {
      const envelope = await send();
      message.success(envelope.message || savedText);
      onDone?.();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
