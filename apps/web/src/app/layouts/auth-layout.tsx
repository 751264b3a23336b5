import type { ReactNode } from 'react';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { Logo } from '../../shared/ui/logo.tsx';
import { ScrollArea } from '../../shared/ui/scroll-area.tsx';
import { BackButton } from './back-button.tsx';

/** docs/product.md section 2: back (or home without history), language picker and the logo. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout-auth">
      <header className="top-bar">
        <BackButton />
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
