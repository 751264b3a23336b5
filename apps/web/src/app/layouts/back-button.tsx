import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The router keeps its own index in history.state; 0 means this page opened the app. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/** docs/product.md section 2: back if there is history, otherwise home. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="tool"
      data-testid="nav-back"
      aria-label={t('shell.back')}
      onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}
    >
      <LeftOutline />
    </button>
  );
}
