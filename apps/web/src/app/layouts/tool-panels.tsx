import { MessageOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useJoinGuestChat } from '../../features/identity/api.ts';
import { SupportChat } from '../../features/identity/components/chat.tsx';
import { NoticeButton } from '../../features/identity/components/inbox.tsx';
import { useSessionStore } from '../../features/session/store.ts';
import { loginPath } from '../../shared/navigation.ts';
import { usePageActive } from '../../shared/page.ts';
import { useAppStore } from '../../shared/stores/app.ts';
import { openSupportEvent } from '../../shared/support.ts';
import { Sheet } from '../../shared/ui/sheet.tsx';

/**
 * Customer service: a WhatsApp chat when the base setting says so, else the built-in chat with
 * the support desk (members and guests; a guest's chat joins the account after login).
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
  const isLogined = useSessionStore((state) => state.isLogined);
  useJoinGuestChat(isLogined);
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
      <Sheet open={open} onClose={close} title={t('support.title')} testId="support-panel">
        <SupportChat isLogined={isLogined} open={open} />
      </Sheet>
    </>
  );
}

/** The inbox: the unread count live on the icon; guests are sent to log in. */
export function NoticeTool() {
  const isLogined = useSessionStore((state) => state.isLogined);
  const navigate = useNavigate();
  return <NoticeButton isLogined={isLogined} onGuest={() => navigate(loginPath)} />;
}
