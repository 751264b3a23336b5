import { useOrderDetail } from '../api/detail.ts';
import { OrderSheet } from './order-sheet.tsx';

/** One of my orders opened by its id alone (a transaction names it): the sheet once it is read. */
export function OrderSheetById({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useOrderDetail(id);
  if (!detail.data) return null;
  return <OrderSheet order={detail.data} onClose={onClose} />;
}
