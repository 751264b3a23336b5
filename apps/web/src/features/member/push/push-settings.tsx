import { List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/feedback.ts';
import { Switch } from '../../../shared/ui/switch.tsx';
import { type DevicePush, devicePush, disableDevicePush, enableDevicePush } from './device-push.ts';

/**
 * Settings, "Notifications on this device": Web Push for this browser, on or off; `onState` hears
 * where the device stands (the notification settings page says it above its push column).
 */
export function PushSettings({ onState }: { onState?: (state: DevicePush) => void } = {}) {
  const { t } = useTranslation();
  const [state, setState] = useState<DevicePush | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (state) onState?.(state);
  }, [state, onState]);

  useEffect(() => {
    let live = true;
    devicePush()
      .then((value) => live && setState(value))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  if (!state) return null;
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      const next = await (on ? enableDevicePush() : disableDevicePush());
      setState(next);
      if (next === 'on' || next === 'off') toast(t(next === 'on' ? 'push.enabled' : 'push.disabled'));
    } catch {
      // The request client has told the member what failed.
    } finally {
      setBusy(false);
    }
  };
  const note = state === 'denied' ? t('push.denied') : state === 'unsupported' ? t('push.unsupported') : t('push.hint');
  return (
    <section className="account-section" data-testid="push-settings">
      <List>
        <List.Item
          description={note}
          extra={
            <Switch
              checked={state === 'on'}
              loading={busy}
              disabled={state === 'denied' || state === 'unsupported'}
              onChange={(on) => void change(on)}
              aria-label={t('push.title')}
            />
          }
        >
          {t('push.title')}
        </List.Item>
      </List>
    </section>
  );
}
