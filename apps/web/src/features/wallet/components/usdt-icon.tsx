/**
 * USDT's own mark, drawn here: a green disc with the T and the ring around its stem, so a USDT
 * channel never shows a generic coin. Decorative: the text beside it names the currency.
 */
export function UsdtIcon({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden data-testid="usdt-icon">
      <circle cx="12" cy="12" r="12" fill="#26a17b" />
      <path d="M6.5 6.2h11v2.6h-4.1V18h-2.8V8.8H6.5z" fill="#fff" />
      <ellipse cx="12" cy="12" rx="5.2" ry="1.5" fill="none" stroke="#fff" strokeWidth="1.2" />
    </svg>
  );
}
