import { Button, ProgressBar } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadProof } from '../api/upload-proof.ts';

/**
 * The deposit proof as a form control: the member picks an image, it uploads at once through
 * `POST upload` with a progress bar, and the control's value becomes the upload id.
 */
export function ProofUpload({ value, onChange }: { value?: string; onChange?: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [preview, setPreview] = useState<string | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(file: File | undefined) {
    if (!file) return;
    controller.current?.abort();
    controller.current = new AbortController();
    onChange?.(undefined);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const { id } = await uploadProof(file, setProgress, controller.current.signal);
      onChange?.(id);
      setProgress(100);
    } catch {
      // The request client has toasted the reason; the member may pick the image again.
      setProgress(undefined);
      setPreview(undefined);
    }
  }

  const uploading = progress !== undefined && progress < 100 && !value;
  return (
    <div className="wallet-upload">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid="proof-input"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className="wallet-upload-box"
        aria-label={t('fields.proof')}
        onClick={() => input.current?.click()}
      >
        {preview ? (
          <img src={preview} alt={t('fields.proof')} className="wallet-upload-preview" />
        ) : (
          <PictureOutline className="wallet-upload-icon" aria-hidden />
        )}
      </button>
      <div className="wallet-upload-side">
        {progress !== undefined && (
          // The state on a line of its own under the bar: beside it, "Uploaded" was cut at the card's edge.
          <div data-testid="proof-progress">
            <ProgressBar percent={progress} aria-label={t('wallet.uploadProgress')} />
            <span className="wallet-hint">{value ? t('wallet.uploaded') : `${progress}%`}</span>
          </div>
        )}
        <Button size="small" fill="outline" disabled={uploading} onClick={() => input.current?.click()}>
          {t(preview ? 'wallet.changeImage' : 'wallet.chooseImage')}
        </Button>
        <span className="wallet-hint">{t('wallet.imageRule')}</span>
      </div>
    </div>
  );
}
