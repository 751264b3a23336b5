import { call } from '@soar/client';
import { type KycDocType, type KycField, kycStatuses } from '@soar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, ProgressBar, Result, Tag } from 'antd-mobile';
import { PictureOutline, RightOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format.ts';
import { navigate } from '../../../shared/navigation.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { type KycInfo, kycKey, uploadImage, useKycInfo, useUploadedImage } from '../api.ts';
import styles from '../identity.module.css';
import { PhotoGuidance } from './guidance.tsx';
import { ImagePreview } from './image-preview.tsx';

const statusKey = (status: number | null) =>
  status === kycStatuses.review
    ? 'review'
    : status === kycStatuses.passed
      ? 'passed'
      : status === kycStatuses.refused
        ? 'refused'
        : 'none';
const tagColor = { none: 'default', review: 'warning', passed: 'success', refused: 'danger' } as const;

/** `/pages/kycverify/index`: the state, the reasons of a refusal, the choice of document. */
export function KycOverview() {
  const { t, i18n } = useTranslation();
  const { data: info } = useKycInfo();
  if (!info) return <Spinner />;
  const state = statusKey(info.status);
  const application = info.application;
  const needs = [info.requiredFor.withdraw && t('kyc.withdraw'), info.requiredFor.loan && t('kyc.loan')].filter(
    Boolean,
  );
  return (
    <div className={styles.page} data-testid="kyc-overview">
      <h1 className="page-title">{t('pages.kycverify.index')}</h1>
      <section className={styles.card}>
        <Tag color={tagColor[state]} fill="outline" round data-testid="kyc-state">
          {t(`kyc.status.${state}`)}
        </Tag>
        <p>
          {state === 'review' && application
            ? t('kyc.reviewBody', {
                time: formatDate(application.submittedAt, i18n.language),
                hours: info.reviewHours,
              })
            : t(`kyc.${state}Body`)}
        </p>
        {needs.length > 0 && state !== 'passed' && (
          <p className={styles.hint}>{t('kyc.requiredFor', { what: needs.join(', ') })}</p>
        )}
        {state === 'refused' && application && (
          <ul className={styles.reasons} data-testid="kyc-reasons">
            {Object.entries(application.reasons).map(([field, reason]) => (
              <li key={field}>
                <strong>{t(`fields.${field}`)}</strong>: {reason}
              </li>
            ))}
          </ul>
        )}
      </section>
      {state === 'refused' && application && (
        <Button block color="primary" onClick={() => navigate(`/pages/kycverify/${application.docType}`)}>
          {t('kyc.correct')}
        </Button>
      )}
      {state === 'none' && (
        <section className={styles.card}>
          <h3>{t('kyc.choose')}</h3>
          {(['idcard', 'passport'] as const).map((docType) => (
            <button
              key={docType}
              type="button"
              className={styles.choice}
              onClick={() => navigate(`/pages/kycverify/${docType}`)}
              data-testid={`kyc-choose-${docType}`}
            >
              <span>
                <strong>{t(`kyc.${docType}`)}</strong>
                <small>{t(`kyc.${docType}Hint`)}</small>
              </span>
              <RightOutline />
            </button>
          ))}
        </section>
      )}
      <PhotoGuidance />
    </div>
  );
}

type Values = Partial<Record<KycField, string>>;

/** `/pages/kycverify/idcard` and `passport`: the form; after a refusal only the refused fields. */
export function KycForm({ docType }: { docType: KycDocType }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: info } = useKycInfo();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  if (!info) return <Spinner />;
  const state = statusKey(info.status);
  if (state === 'review' || state === 'passed') {
    return (
      <Result
        status={state === 'passed' ? 'success' : 'waiting'}
        title={t(`kyc.status.${state}`)}
        description={<Button onClick={() => navigate('/pages/kycverify/index')}>{t('kyc.title')}</Button>}
      />
    );
  }
  const previous: KycInfo['application'] = state === 'refused' ? info.application : null;
  const refused = previous ? (Object.keys(previous.reasons) as KycField[]) : null;
  const editable = (field: KycField) => !refused || refused.includes(field);
  const images: KycField[] = docType === 'idcard' ? ['front', 'back'] : ['front'];

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const body = Object.fromEntries(
        Object.entries(values).filter(([field, value]) => value && editable(field as KycField)),
      );
      await call('POST /kyc/submit', { body: { docType, ...body } });
      await client.invalidateQueries({ queryKey: kycKey });
      navigate('/pages/kycverify/index');
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };
  const required = (field: KycField) =>
    editable(field) ? [{ required: true, message: t('validation.required', { field: t(`fields.${field}`) }) }] : [];
  return (
    <div className={styles.page} data-testid={`kyc-form-${docType}`}>
      <h1 className="page-title">{t(`pages.kycverify.${docType}`)}</h1>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={previous ?? {}}
        footer={
          <Button block type="submit" color="primary" loading={busy} data-testid="kyc-submit">
            {t(previous ? 'kyc.correct' : 'kyc.submit')}
          </Button>
        }
      >
        {(['firstName', 'lastName', 'idNumber'] as const).map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`fields.${field}`)}
            rules={required(field)}
            description={<Reason previous={previous} field={field} />}
          >
            <Input
              disabled={!editable(field)}
              maxLength={field === 'idNumber' ? 40 : 60}
              data-testid={`kyc-${field}`}
            />
          </Form.Item>
        ))}
        {images.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(
              field === 'back' ? 'kyc.backIdcard' : docType === 'idcard' ? 'kyc.frontIdcard' : 'kyc.frontPassport',
            )}
            rules={required(field)}
            description={<Reason previous={previous} field={field} />}
          >
            <ImageField disabled={!editable(field)} testId={`kyc-${field}`} />
          </Form.Item>
        ))}
      </Form>
      <PhotoGuidance />
    </div>
  );
}

function Reason({ previous, field }: { previous: KycInfo['application']; field: KycField }) {
  const { t } = useTranslation();
  if (!previous) return null;
  const reason = previous.reasons[field];
  return reason ? <span className={styles.refused}>{t('kyc.reason', { reason })}</span> : t('kyc.kept');
}

/** A document photo: picked, uploaded at once (judged by its bytes on the server), previewed. */
function ImageField({
  value,
  onChange,
  disabled,
  testId,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [local, setLocal] = useState<string | undefined>(undefined);
  const [zoom, setZoom] = useState(false);
  const stored = useUploadedImage(local ? undefined : value);
  const shown = local ?? stored;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    onChange?.(undefined);
    setLocal(URL.createObjectURL(file));
    setProgress(0);
    try {
      const { id } = await uploadImage(file, setProgress);
      onChange?.(id);
      setProgress(100);
    } catch {
      setProgress(undefined);
      setLocal(undefined);
    }
  };
  return (
    <div className={styles.imageField}>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid={`${testId}-input`}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={styles.imageBox}
        onClick={() => (shown && (disabled || value) ? setZoom(true) : input.current?.click())}
      >
        {shown ? <img src={shown} alt="" /> : <PictureOutline aria-hidden />}
        {!shown && <span>{t('kyc.upload')}</span>}
      </button>
      {!disabled && shown && (
        <Button size="mini" fill="outline" onClick={() => input.current?.click()}>
          {t('kyc.replace')}
        </Button>
      )}
      {progress !== undefined && progress < 100 && (
        <ProgressBar percent={progress} text={t('kyc.uploading')} data-testid={`${testId}-progress`} />
      )}
      {value && <span className={styles.uploaded} data-testid={`${testId}-done`} />}
      {zoom && shown && <ImagePreview src={shown} onClose={() => setZoom(false)} />}
    </div>
  );
}
