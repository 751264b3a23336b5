import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevicePush } from '../../features/member/push/device-push.ts';
import { PushSettings } from '../../features/member/push/push-settings.tsx';
import { NotificationSettings } from '../../features/notification/notification-settings.tsx';
import '../../features/member/components/account.css';

/** Notification settings (docs/api.md, Notifications): this device's push, then push, in the app and email per kind. */
export function Page() {
  const { t } = useTranslation();
  const [device, setDevice] = useState<DevicePush | undefined>();
  const onDevice = useCallback((state: DevicePush) => setDevice(state), []);
  return (
    <div className="settings-page" data-testid="notifications-page">
      <section className="placeholder">
        <h1 className="page-title">{t('notifications.title')}</h1>
        <p className="notification-lead">{t('notifications.lead')}</p>
      </section>
      <NotificationSettings
        device={<PushSettings onState={onDevice} />}
        devicePush={device === 'on' || device === 'off' ? device : undefined}
      />
    </div>
  );
}
