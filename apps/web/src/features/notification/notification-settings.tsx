import {
  type NotificationChannel,
  type NotificationKind,
  type NotificationSetting,
  notificationChannels,
} from '@soar/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../shared/ui/switch.tsx';
import { useNotificationSettings, useSaveNotificationSetting } from './api.ts';
import './notification-settings.css';

/**
 * The notification settings (docs/api.md, Notifications): this device's push switch (`device`,
 * whose state `devicePush` is: undefined while unknown, blocked or unsupported, as the switch
 * says itself), then per kind three switches, push, in the app and email. Account and security
 * notices are always on.
 */
export function NotificationSettings({
  device,
  devicePush,
}: {
  device: ReactNode;
  devicePush: 'on' | 'off' | undefined;
}) {
  const { t } = useTranslation();
  const { data } = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const [busy, setBusy] = useState<string | undefined>();

  const change = async (kind: NotificationKind, channel: NotificationChannel, on: boolean) => {
    setBusy(`${kind}.${channel}`);
    try {
      await save(kind, channel, on);
    } catch {
      // The request client has told the member what failed; the switch stays as stored.
    } finally {
      setBusy(undefined);
    }
  };
  const emailBlocked = data ? !data.hasMail || !data.emailAvailable : true;

  return (
    <>
      {device}
      {devicePush && (
        <p className="notification-device" data-testid="device-push-state" data-state={devicePush}>
          {t(devicePush === 'on' ? 'notifications.devicePush.on' : 'notifications.devicePush.off')}
        </p>
      )}
      <section className="account-section notification-grid" data-testid="notification-settings">
        <div className="notification-row notification-head" aria-hidden>
          <span>{t('notifications.kind')}</span>
          {notificationChannels.map((channel) => (
            <span key={channel}>{t(`notifications.channels.${channel}`)}</span>
          ))}
        </div>
        {(data?.list ?? []).map((setting) => (
          <KindRow
            key={setting.kind}
            setting={setting}
            busy={busy}
            emailBlocked={emailBlocked}
            onChange={(channel, on) => void change(setting.kind, channel, on)}
          />
        ))}
        <div className="notification-row" data-testid="notification-account">
          <div className="notification-kind">
            <strong>
              {t('notifications.kinds.account')} <em className="notification-always">{t('notifications.always')}</em>
            </strong>
          </div>
          {(['push', 'inApp'] as const).map((channel) => (
            <span key={channel} className="notification-cell">
              <Switch
                checked
                disabled
                aria-label={t('notifications.switch', {
                  kind: t('notifications.kinds.account'),
                  channel: t(`notifications.channels.${channel}`),
                })}
              />
            </span>
          ))}
          <span className="notification-cell notification-none" aria-hidden>
            –
          </span>
          <p className="notification-account-note">{t('notifications.about.account')}</p>
        </div>
      </section>
      {data && !data.hasMail && <p className="notification-note">{t('notifications.noMail')}</p>}
      {data && !data.emailAvailable && <p className="notification-note">{t('notifications.emailUnavailable')}</p>}
      <p className="notification-note">{t('notifications.inbox')}</p>
    </>
  );
}

function KindRow({
  setting,
  busy,
  emailBlocked,
  onChange,
}: {
  setting: NotificationSetting;
  busy: string | undefined;
  emailBlocked: boolean;
  onChange: (channel: NotificationChannel, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const kind = t(`notifications.kinds.${setting.kind}`);
  return (
    <div className="notification-row" data-testid={`notification-${setting.kind}`}>
      <div className="notification-kind">
        <strong>{kind}</strong>
        <span>{t(`notifications.about.${setting.kind}`)}</span>
      </div>
      {notificationChannels.map((channel) => (
        <span key={channel} className="notification-cell">
          <Switch
            checked={setting[channel]}
            loading={busy === `${setting.kind}.${channel}`}
            disabled={busy !== undefined || (channel === 'email' && emailBlocked && !setting.email)}
            onChange={(on) => onChange(channel, on)}
            aria-label={t('notifications.switch', { kind, channel: t(`notifications.channels.${channel}`) })}
            data-testid={`switch-${setting.kind}-${channel}`}
          />
        </span>
      ))}
    </div>
  );
}
