import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * A bottom sheet over a mask. It belongs to the page it opened on: any navigation (Back included)
 * closes it, so neither it nor its mask stays over the next page or the tab bar. The shell's own rather than antd-mobile's Popup, whose animation
 * library would add some 25 KiB to the first load of every page (docs/performance.md).
 */
export function Sheet({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const openedAt = useRef<string | undefined>(undefined);
  if (!open) openedAt.current = undefined;
  else openedAt.current ??= key;
  const left = open && openedAt.current !== key;
  useEffect(() => {
    if (left) onClose();
  }, [left, onClose]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open || left) return null;
  return createPortal(
    <div className="sheet-root">
      <div className="sheet-mask" onClick={onClose} aria-hidden />
      <div className="sheet" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <div className="sheet-header">
          <h2 className="sheet-title">{title}</h2>
          <button type="button" className="tool" aria-label={t('shell.cancel')} onClick={onClose}>
            <CloseOutline />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
