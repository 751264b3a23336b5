import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * A QR code drawn as SVG rectangles from the library's module matrix (no HTML injection): a
 * deposit address, an authenticator's otpauth URL. Always dark on white, in either theme, so
 * every camera reads it.
 */
export function QrCode({
  value,
  label,
  size = 168,
  className,
  testId,
}: {
  value: string;
  label: string;
  size?: number;
  className?: string;
  testId?: string;
}) {
  const cells = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value);
    code.make();
    const count = code.getModuleCount();
    const dark: string[] = [];
    for (let row = 0; row < count; row += 1) {
      for (let col = 0; col < count; col += 1) if (code.isDark(row, col)) dark.push(`M${col} ${row}h1v1h-1z`);
    }
    return { count, path: dark.join('') };
  }, [value]);
  const margin = 2;
  const box = cells.count + margin * 2;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-margin} ${-margin} ${box} ${box}`}
      shapeRendering="crispEdges"
      data-testid={testId}
    >
      <rect x={-margin} y={-margin} width={box} height={box} fill="#fff" />
      <path d={cells.path} fill="#000" />
    </svg>
  );
}
