import { SearchOutline, SetOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../shared/stores/app.ts';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { ScrollArea } from '../../shared/ui/scroll-area.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TopBar } from '../../shared/ui/top-bar.tsx';
import type { RouteEntry } from '../routes.ts';
import { BackButton } from './back-button.tsx';
import { CustomerTool, NoticeTool } from './tool-panels.tsx';

/**
 * docs/product.md section 2: a spinner until start-up completes, then a top bar with the tools the route
 * asks for. Tab pages show the logo; other pages a back button.
 */
export function DefaultLayout({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const init = useAppStore((state) => state.init);
  if (!init) {
    return (
      <div className="layout layout-default">
        <Spinner />
      </div>
    );
  }
  const tools = new Set(entry.tools);
  return (
    <div className="layout layout-default">
      <TopBar start={entry.tab ? undefined : <BackButton />}>
        <span className="top-bar-spacer" />
        {tools.has('search') && (
          <button
            type="button"
            className="tool"
            data-testid="nav-search"
            aria-label={t('shell.tools.search')}
            onClick={() => navigate('/pages/search/index')}
          >
            <SearchOutline />
          </button>
        )}
        {tools.has('language') && <LanguagePicker />}
        {tools.has('customer') && <CustomerTool />}
        {tools.has('notice') && <NoticeTool />}
        {tools.has('setting') && (
          <button
            type="button"
            className="tool"
            data-testid="nav-setting"
            aria-label={t('shell.tools.setting')}
            onClick={() => navigate('/pages/setting/index')}
          >
            <SetOutline />
          </button>
        )}
      </TopBar>
      <ScrollArea reachBottom={entry.reachBottom}>{children}</ScrollArea>
    </div>
  );
}
