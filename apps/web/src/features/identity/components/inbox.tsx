import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { navigate } from '../../../shared/navigation.ts';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import { readNotices, useNotices, useUnreadNotices } from '../api.ts';
import styles from '../identity.module.css';

/** The notice icon of the default layout: the unread count, live, and the inbox in a sheet. */
export function NoticeButton({ isLogined, onGuest }: { isLogined: boolean; onGuest: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNotices(isLogined).data?.count ?? 0;
  const label = t('shell.tools.notice');
  return (
    <>
      <button
        type="button"
        className="tool"
        data-testid="nav-notice"
        aria-label={unread ? `${label} (${t('inbox.unread', { count: unread })})` : label}
        onClick={() => (isLogined ? setOpen(true) : onGuest())}
      >
        <Badge content={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null} data-testid="notice-badge">
          <BellOutline />
        </Badge>
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title={t('inbox.title')} testId="inbox">
        <Inbox unread={unread} />
      </Sheet>
    </>
  );
}

/** The quote a notice tells of (`quote:AAPL`, a fired price alert), to open on a tap. */
const quoteOf = (reference: string | null) => (reference?.startsWith('quote:') ? reference.slice(6) : '');

function Inbox({ unread }: { unread: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const notices = useNotices(true);
  const items = notices.data?.pages.flatMap((page) => page.list) ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: ['identity', 'notice'] });
  const read = async (body: { id: number } | { all: true }) => {
    await readNotices(body).catch(() => undefined);
    await refresh();
  };
  const open = async (notice: { id: number; read: boolean; reference: string | null }) => {
    if (!notice.read) await read({ id: notice.id });
    const symbol = quoteOf(notice.reference);
    // Leaving the page closes the inbox's sheet.
    if (symbol) navigate(`/pages/quote/stock?symbol=${encodeURIComponent(symbol)}`);
  };
  return (
    <div className={styles.inbox}>
      <div className={styles.inboxHead}>
        <span>{t('inbox.unread', { count: unread })}</span>
        <Button
          size="mini"
          fill="outline"
          disabled={unread === 0}
          onClick={() => read({ all: true })}
          data-testid="read-all"
        >
          {t('inbox.readAll')}
        </Button>
      </div>
      {items.length === 0 && !notices.isLoading && <p className="sheet-text">{t('inbox.empty')}</p>}
      <ul className={styles.noticeList}>
        {items.map((notice) => (
          <li key={notice.id}>
            <button
              type="button"
              className={notice.read ? styles.notice : `${styles.notice} ${styles.unread}`}
              onClick={() => void open(notice)}
              data-testid="notice-item"
              data-quote={quoteOf(notice.reference) || undefined}
            >
              <strong>{notice.title}</strong>
              <span>{notice.body}</span>
              <time>{formatDate(notice.createdAt, i18n.language)}</time>
              {quoteOf(notice.reference) && (
                <span className={styles.noticeLink}>
                  {t('alert.open')}
                  <span aria-hidden> ›</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {notices.hasNextPage && (
        <Button block fill="none" onClick={() => void notices.fetchNextPage()}>
          {t('inbox.more')}
        </Button>
      )}
    </div>
  );
}
