import { Form, Input, Picker, Tabs } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { areaCodeLabel, areaCodes } from './area-codes.ts';

export type ContactType = 'email' | 'phone';

/** Email or phone tabs. */
export function ContactTabs({ type, onChange }: { type: ContactType; onChange: (type: ContactType) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="contact-tabs"
      activeKey={type}
      onChange={(key) => onChange(key === 'phone' ? 'phone' : 'email')}
      data-testid="contact-tabs"
    >
      <Tabs.Tab key="email" title={t('account.form.byEmail')} />
      <Tabs.Tab key="phone" title={t('account.form.byPhone')} />
    </Tabs>
  );
}

/** The mail field, or the area-code picker and the phone field, inside an antd-mobile Form. */
export function ContactFields({ type }: { type: ContactType }) {
  const { t, i18n } = useTranslation();
  const columns = useMemo(
    () => [areaCodes.map(({ code, region }) => ({ value: code, label: areaCodeLabel(code, region, i18n.language) }))],
    [i18n.language],
  );
  if (type === 'email') {
    return (
      <Form.Item name="mail" label={t('fields.mail')}>
        <Input type="email" autoComplete="email" placeholder={t('account.form.mailPlaceholder')} data-testid="mail" />
      </Form.Item>
    );
  }
  return (
    <>
      <Form.Item
        name="areaCode"
        label={t('fields.areaCode')}
        trigger="onConfirm"
        arrow
        clickable
        onClick={(_, picker: { current: { open(): void } | null }) => picker.current?.open()}
        getValueProps={(value: string) => ({ value: [value] })}
        getValueFromEvent={(value: (string | null)[]) => value[0]}
      >
        <Picker columns={columns} confirmText={t('shell.confirm')} cancelText={t('shell.cancel')}>
          {(items) => <span data-testid="area-code">{items[0]?.label ?? t('account.form.chooseAreaCode')}</span>}
        </Picker>
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')}>
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('account.form.phonePlaceholder')}
          data-testid="phone"
        />
      </Form.Item>
    </>
  );
}
