import { download } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Image, Skeleton } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A member's upload (a deposit proof, a KYC photo, a chat picture, a drawn signature), fetched with
 * the operator's token (an <img src> cannot send it) and shown through an object URL; with `zoom`
 * antd's preview zooms it 1 to 4 times (docs/product.md section 9). The query keeps the bytes and
 * each image makes and revokes its own URL, so reopening a review within the cache's minute does
 * not show a URL an earlier drawer already revoked.
 */
export function UploadImage({
  id,
  alt,
  failed,
  width = 320,
  zoom = true,
  style,
  testId = 'upload-image',
}: {
  id: string;
  alt?: string;
  failed?: string;
  width?: number;
  zoom?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const upload = useQuery({
    queryKey: ['upload', id],
    queryFn: () => download({ url: `upload/${id}` }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const url = useObjectUrl(upload.data);
  if (upload.isError) return <Alert type="error" title={failed ?? t('common.loadFailed')} />;
  if (!url) return <Skeleton.Image active />;
  return (
    <Image
      src={url}
      alt={alt}
      width={width}
      style={style}
      preview={zoom ? { scaleStep: 0.5, minScale: 1, maxScale: 4 } : false}
      data-testid={testId}
    />
  );
}

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
