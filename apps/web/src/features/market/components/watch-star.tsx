import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/feedback.ts';
import { useAddToWatchlist } from '../api/watchlist-add.ts';
import { useRemoveFromWatchlist } from '../api/watchlist-remove.ts';

/** A member's star beside a stock: filled when watched; a tap adds or removes it. */
export function WatchStar({ symbol, watched }: { symbol: string; watched: boolean }) {
  const { t } = useTranslation();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  return (
    <button
      type="button"
      className="star-button"
      aria-pressed={watched}
      aria-label={t(watched ? 'marketUi.watch.removeOne' : 'marketUi.watch.addOne', { symbol })}
      data-testid={`star-${symbol}`}
      disabled={add.isPending || remove.isPending}
      onClick={async () => {
        if (watched) {
          await remove.mutateAsync([symbol]);
          toast(t('marketUi.watch.removed'));
        } else {
          await add.mutateAsync(symbol);
          toast(t('marketUi.watch.added'));
        }
      }}
    >
      {watched ? <StarFill /> : <StarOutline />}
    </button>
  );
}
