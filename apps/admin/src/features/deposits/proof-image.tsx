import { download } from '@soar/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Image, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A member's upload, fetched with the operator's token (an <img src> cannot send it) and shown
 * through an object URL; antd's preview zooms it (1 to 4 times, docs/product.md section 9).
 */
export function ProofImage({ id }: { id: string }) {
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
  if (image.isError) return <Alert type="error" title={t('deposits.proofFailed')} />;
  return (
    <Image
      src={image.data}
      alt={t('deposits.proof')}
      width={320}
      preview={{ scaleStep: 0.5, minScale: 1, maxScale: 4 }}
      data-testid="deposit-proof"
    />
  );
}
