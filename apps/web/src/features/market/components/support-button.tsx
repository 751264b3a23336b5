import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../shared/stores/app.ts';
import { Sheet } from '../../../shared/ui/sheet.tsx';

/**
 * Customer service as the default layout offers it: a WhatsApp chat when the base setting says
 * so, else the built-in support panel.
 */
export function SupportButton({ className, children }: { className: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { msgType, whatsapp } = useAppStore();
  const [open, setOpen] = useState(false);
  if (msgType === 'whatsapp' && whatsapp) {
    return (
      <a
        className={className}
        data-testid="home-support"
        href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {children}
      </a>
    );
  }
  return (
    <>
      <button type="button" className={className} data-testid="home-support" onClick={() => setOpen(true)}>
        {children}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title={t('shell.tools.customer')} testId="support-sheet">
        <p className="sheet-text">{t('shell.customerPanel.body')}</p>
      </Sheet>
    </>
  );
}
