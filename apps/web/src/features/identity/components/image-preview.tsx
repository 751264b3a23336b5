import { AddOutline, CloseOutline, MinusOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from '../identity.module.css';

/** A full-screen preview of an image, zoomable from 1x to 4x (docs/product.md section 9). */
export function ImagePreview({ src, onClose }: { src: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const step = (delta: number) => setZoom((value) => Math.min(4, Math.max(1, value + delta)));
  return createPortal(
    <div className={styles.preview} role="dialog" aria-label={t('support.preview')} data-testid="image-preview">
      <button
        type="button"
        className={styles.previewImage}
        aria-label={t('support.zoomIn')}
        onClick={() => setZoom((value) => (value >= 4 ? 1 : value * 2))}
      >
        <img src={src} alt={t('support.preview')} style={{ transform: `scale(${zoom})` }} />
      </button>
      <div className={styles.previewBar}>
        <button type="button" aria-label={t('support.zoomOut')} disabled={zoom <= 1} onClick={() => step(-0.5)}>
          <MinusOutline />
        </button>
        <span data-testid="zoom-level">{zoom.toFixed(1)}x</span>
        <button type="button" aria-label={t('support.zoomIn')} disabled={zoom >= 4} onClick={() => step(0.5)}>
          <AddOutline />
        </button>
        <button type="button" aria-label={t('support.close')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
    </div>,
    document.body,
  );
}
