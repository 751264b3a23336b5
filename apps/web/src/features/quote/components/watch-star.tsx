import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { guardLoginPath, navigate } from '../../../shared/navigation.ts';
import { useSessionStore } from '../../session/store.ts';
import { useSetWatched, useWatchlist } from '../api/watchlist.ts';

/** Adds the symbol to the member's watchlist or removes it; a guest is sent to log in and back. */
export function WatchStar({ symbol, returnTo }: { symbol: string; returnTo: string }) {
  const { t } = useTranslation();
  const isLogined = useSessionStore((state) => state.isLogined);
  const watchlist = useWatchlist(isLogined);
  const setWatched = useSetWatched();
  const watched = watchlist.data?.some((quote) => quote.symbol === symbol) ?? false;
  const onClick = () => {
    if (!isLogined) {
      navigate(`${guardLoginPath}?redirect=${encodeURIComponent(returnTo)}`);
      return;
    }
    setWatched.mutate({ symbol, watched: !watched });
  };
  return (
    <button
      type="button"
      className={`watch-star${watched ? ' watch-star-on' : ''}`}
      aria-pressed={watched}
      aria-label={t(watched ? 'quoteUi.unwatch' : 'quoteUi.watch')}
      disabled={setWatched.isPending || (isLogined && watchlist.isPending)}
      onClick={onClick}
      data-testid="watch-star"
    >
      {watched ? <StarFill /> : <StarOutline />}
    </button>
  );
}
