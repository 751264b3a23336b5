import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../shared/ui/sheet.tsx';

/** The built-in support panel, loaded when first opened. */
export default function SupportSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open onClose={onClose} title={t('shell.tools.customer')} testId="support-sheet">
      <p className="sheet-text">{t('shell.customerPanel.body')}</p>
    </Sheet>
  );
}
