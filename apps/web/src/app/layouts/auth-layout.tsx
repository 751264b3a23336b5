import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { Logo } from '../../shared/ui/logo.tsx';
import { ScrollArea } from '../../shared/ui/scroll-area.tsx';

/** The browser keeps its own index in history.state; 0 means this is the first entry. */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/** SPEC section 2: back (or home without history), language picker and the logo. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="layout layout-auth">
      <header className="top-bar">
        <button
          type="button"
          className="tool"
          aria-label={t('shell.back')}
          onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}
        >
          <LeftOutline />
        </button>
        <span className="top-bar-spacer" />
        <LanguagePicker />
      </header>
      <ScrollArea>
        <div className="auth-logo">
          <Logo size={48} />
        </div>
        {children}
      </ScrollArea>
    </div>
  );
}
