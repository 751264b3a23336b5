import { download } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Image, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The member's drawn signature (an upload, fetched with the operator's token). */
export function SignatureImage({ id }: { id: string }) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['upload', id],
    queryFn: async () => URL.createObjectURL(await download({ url: `upload/${id}` })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  useEffect(() => {
    const url = image.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.data]);
  if (image.isPending) return <Skeleton.Image active />;
  if (image.isError) return <Alert type="error" title={t('loans.signatureFailed')} />;
  return (
    <Image
      src={image.data}
      alt={t('loans.signature')}
      width={240}
      style={{ background: '#fff', border: '1px solid #f0f0f0', maxHeight: 120, objectFit: 'contain' }}
      data-testid="loan-signature"
    />
  );
}
