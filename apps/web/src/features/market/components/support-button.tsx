import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useAppStore } from '../../../shared/stores/app.ts';

const SupportSheet = lazy(() => import('./support-sheet.tsx'));

/**
 * Customer service as the default layout offers it: a WhatsApp chat when the base setting says
 * so, else the built-in support panel (loaded on the first tap).
 */
export function SupportButton({ className, children }: { className?: string; children: ReactNode }) {
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
      {open && (
        <Suspense fallback={null}>
          <SupportSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
