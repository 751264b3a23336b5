import { Button } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { type Message, sendMessage, uploadImage, useThread, useUploadedImage } from '../api.ts';
import styles from '../identity.module.css';
import { ImagePreview } from './image-preview.tsx';

/** The customer-service chat (text, and images for members), live both ways. */
export function SupportChat({ isLogined, open }: { isLogined: boolean; open: boolean }) {
  const { t } = useTranslation();
  const thread = useThread(isLogined, open);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const list = thread.data?.list ?? [];

  useEffect(() => {
    if (list.length > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [list.length]);

  const send = async (body: { text?: string; image?: string }) => {
    setBusy(true);
    try {
      await sendMessage(isLogined, body);
      setText('');
      await thread.refetch();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };
  const sendImage = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    try {
      const { id } = await uploadImage(chosen, () => undefined);
      await send({ image: id });
    } catch {
      setBusy(false);
    }
  };

  return (
    <div className={styles.chat} data-testid="support-chat">
      <div className={styles.messages}>
        <p className={styles.welcome}>{t('support.welcome')}</p>
        {list.map((message) => (
          <Bubble key={message.id} message={message} />
        ))}
        <div ref={end} />
      </div>
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) void send({ text });
        }}
      >
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          onChange={(event) => {
            void sendImage(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          className="tool"
          aria-label={t(isLogined ? 'support.image' : 'support.imageGuest')}
          title={t(isLogined ? 'support.image' : 'support.imageGuest')}
          disabled={!isLogined || busy}
          onClick={() => file.current?.click()}
        >
          <PictureOutline />
        </button>
        <input
          className={styles.input}
          value={text}
          maxLength={2000}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          onChange={(event) => setText(event.target.value)}
          data-testid="chat-input"
        />
        <Button type="submit" color="primary" size="small" disabled={busy || !text.trim()} data-testid="chat-send">
          {t('support.send')}
        </Button>
      </form>
    </div>
  );
}

function Bubble({ message }: { message: Message }) {
  const { t, i18n } = useTranslation();
  const image = useUploadedImage(message.image);
  const [preview, setPreview] = useState(false);
  const mine = message.from === 'member';
  return (
    <div className={mine ? `${styles.bubble} ${styles.mine}` : styles.bubble} data-testid={`chat-${message.from}`}>
      <span className={styles.who}>{t(mine ? 'support.you' : 'support.agent')}</span>
      {message.text && <p>{message.text}</p>}
      {message.image && image && (
        <button type="button" className={styles.thumb} onClick={() => setPreview(true)}>
          <img src={image} alt={t('support.preview')} />
        </button>
      )}
      <time>{formatDate(message.createdAt, i18n.language, 'time')}</time>
      {preview && image && <ImagePreview src={image} onClose={() => setPreview(false)} />}
    </div>
  );
}
