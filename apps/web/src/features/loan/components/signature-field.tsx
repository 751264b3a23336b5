import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad, { type PointGroup } from 'signature_pad';
import card from '../../../shared/ui/product-card.module.css';
import styles from './loan.module.css';

export type SignatureHandle = { toPng(): Promise<Blob>; strokes(): PointGroup[] };

/**
 * The member's drawn signature (signature_pad on a canvas): black ink on white, sized to the
 * screen's pixel ratio. `onInk` tells whether anything is drawn; the form uploads the PNG.
 */
export function SignatureField({
  ref,
  onInk,
  invalid,
  initialStrokes,
}: {
  ref: Ref<SignatureHandle>;
  onInk: (inked: boolean) => void;
  invalid: boolean;
  /** Strokes drawn before (a draft kept while the contract was read). */
  initialStrokes?: PointGroup[];
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const inkChanged = useRef(onInk);
  inkChanged.current = onInk;
  const initial = useRef(initialStrokes);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, {
      backgroundColor: 'rgb(255, 255, 255)',
      penColor: '#1d2129',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    pad.current = signature;
    if (initial.current?.length) signature.fromData(initial.current);
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(strokes);
    };
    resize();
    const ended = () => inkChanged.current(!signature.isEmpty());
    signature.addEventListener('endStroke', ended);
    window.addEventListener('resize', resize);
    return () => {
      signature.removeEventListener('endStroke', ended);
      window.removeEventListener('resize', resize);
      signature.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    strokes: () => pad.current?.toData() ?? [],
    toPng: () =>
      new Promise<Blob>((resolve, reject) => {
        canvas.current?.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no signature'))), 'image/png');
      }),
  }));

  return (
    <div className={styles.signature}>
      <canvas
        ref={canvas}
        className={`${styles.signatureCanvas} ${invalid ? styles.signatureInvalid : ''}`}
        data-testid="signature-pad"
        aria-label={t('loan.signHere')}
      />
      <div className={styles.signatureBar}>
        <span className={card.hint}>{t('loan.signHere')}</span>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            pad.current?.clear();
            inkChanged.current(false);
          }}
        >
          {t('loan.clear')}
        </button>
      </div>
    </div>
  );
}
