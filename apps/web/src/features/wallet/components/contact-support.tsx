import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../shared/stores/app.ts';
import { Sheet } from '../../../shared/ui/sheet.tsx';

/**
 * Customer service as the top bar's tool offers it: a WhatsApp chat when the base setting says
 * so, else the built-in support panel.
 */
export function ContactSupport() {
  const { t } = useTranslation();
  const { msgType, whatsapp } = useAppStore();
  const [open, setOpen] = useState(false);
  if (msgType === 'whatsapp' && whatsapp) {
    return (
      <a
        className="adm-button adm-button-default adm-button-block adm-button-shape-default wallet-link-button"
        href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('wallet.contactSupport')}
      </a>
    );
  }
  return (
    <>
      <Button block onClick={() => setOpen(true)}>
        {t('wallet.contactSupport')}
      </Button>
      <Sheet open={open} onClose={() => setOpen(false)} title={t('shell.tools.customer')}>
        <p className="sheet-text">{t('shell.customerPanel.body')}</p>
      </Sheet>
    </>
  );
}
