import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type TabKey, tabRoutes } from './routes.ts';
import { HomeIcon, MarketsIcon, ProfileIcon, TradeIcon, WatchlistsIcon } from './tab-icons.tsx';

const icons: Record<TabKey, ComponentType> = {
  home: HomeIcon,
  markets: MarketsIcon,
  watchlists: WatchlistsIcon,
  trade: TradeIcon,
  profile: ProfileIcon,
};

/** docs/product.md section 2 and 9: the five tabs, 50 px high, 24 px icons, 10 px labels. */
export function TabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className="tab-bar" data-testid="tabbar">
      {tabRoutes.map(({ tab, path }) => {
        const Icon = icons[tab];
        return (
          <button
            key={tab}
            type="button"
            className="tab"
            data-testid={`tab-${tab}`}
            aria-current={tab === active ? 'page' : undefined}
            onClick={() => tab !== active && navigate(path)}
          >
            <Icon />
            <span className="tab-label">{t(`tabbar.${tab}`)}</span>
          </button>
        );
      })}
    </nav>
  );
}
