import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../feedback.ts';
import { guardLoginPath, navigate } from '../navigation.ts';
import styles from './quote.module.css';
import { useAddToWatchlist, useRemoveFromWatchlist, useWatchlist } from './watchlist.ts';

/**
 * The one watchlist star: filled when the member watches the symbol; a tap adds or removes it. A
 * guest is sent to log in and back to `returnTo`. `row` is the borderless star beside a list row.
 */
export function WatchStar({
  symbol,
  signedIn,
  returnTo,
  row = false,
}: {
  symbol: string;
  signedIn: boolean;
  returnTo: string;
  row?: boolean;
}) {
  const { t } = useTranslation();
  const watchlist = useWatchlist(signedIn);
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const watched = watchlist.data?.some((quote) => quote.symbol === symbol) ?? false;
  const onClick = async () => {
    if (!signedIn) {
      navigate(`${guardLoginPath}?redirect=${encodeURIComponent(returnTo)}`);
      return;
    }
    if (watched) {
      await remove.mutateAsync([symbol]);
      toast(t('marketUi.watch.removed'));
    } else {
      await add.mutateAsync(symbol);
      toast(t('marketUi.watch.added'));
    }
  };
  return (
    <button
      type="button"
      className={row ? `${styles.star} ${styles.starRow}` : styles.star}
      aria-pressed={watched}
      aria-label={t(watched ? 'marketUi.watch.removeOne' : 'marketUi.watch.addOne', { symbol })}
      data-testid={row ? `star-${symbol}` : 'watch-star'}
      disabled={add.isPending || remove.isPending || (signedIn && watchlist.isPending)}
      onClick={() => void onClick().catch(() => undefined)}
    >
      {watched ? <StarFill /> : <StarOutline />}
    </button>
  );
}
