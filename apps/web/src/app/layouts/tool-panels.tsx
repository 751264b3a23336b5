import { BellOutline, MessageOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageActive } from '../../shared/page.ts';
import { useAppStore } from '../../shared/stores/app.ts';
import { openSupportEvent } from '../../shared/support.ts';
import { Sheet } from '../../shared/ui/sheet.tsx';

/**
 * Customer service: a WhatsApp chat when the base setting says so, else the built-in support
 * panel (which the support work fills; until then it says so).
 */
export function CustomerTool() {
  const { t } = useTranslation();
  const { msgType, whatsapp } = useAppStore();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const label = t('shell.tools.customer');
  const whatsappUrl = `https://wa.me/${whatsapp.replace(/\D/g, '')}`;
  const useWhatsapp = msgType === 'whatsapp' && whatsapp !== '';
  const active = usePageActive();
  // A page (the profile's VIP note) asks for customer service through `openSupport()`; only the
  // layout on screen answers (kept-alive tab pages have layouts of their own).
  useEffect(() => {
    if (!active) return;
    const onOpen = () => (useWhatsapp ? window.open(whatsappUrl, '_blank', 'noopener') : setOpen(true));
    window.addEventListener(openSupportEvent, onOpen);
    return () => window.removeEventListener(openSupportEvent, onOpen);
  }, [active, useWhatsapp, whatsappUrl]);
  if (useWhatsapp) {
    return (
      <a
        className="tool"
        data-testid="nav-customer"
        aria-label={label}
        href={whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        <MessageOutline />
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className="tool"
        data-testid="nav-customer"
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        <MessageOutline />
      </button>
      <Panel open={open} onClose={close} title={label} body={t('shell.customerPanel.body')} />
    </>
  );
}

export function NoticeTool() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const label = t('shell.tools.notice');
  return (
    <>
      <button type="button" className="tool" data-testid="nav-notice" aria-label={label} onClick={() => setOpen(true)}>
        <BellOutline />
      </button>
      <Panel open={open} onClose={close} title={label} body={t('shell.noticePanel.body')} />
    </>
  );
}

function Panel({ open, onClose, title, body }: { open: boolean; onClose: () => void; title: string; body: string }) {
  return (
    <Sheet open={open} onClose={onClose} title={title}>
      <p className="sheet-text">{body}</p>
    </Sheet>
  );
}
