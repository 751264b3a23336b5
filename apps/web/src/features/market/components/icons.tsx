/**
 * The home page's icons, drawn inline: antd-mobile-icons would add about 1 KiB each to the home
 * route's first load. Strokes follow the text colour.
 */
const paths = {
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 0 0 0-14zM16 16l4.5 4.5',
  loan: 'M4 10h16M6 10v7M10 10v7M14 10v7M18 10v7M3 20h18M12 3l9 5H3z',
  deposit: 'M3 7h18v12H3zM3 11h18M7 15h4',
  withdraw: 'M12 16V4M7 9l5-5 5 5M4 14v6h16v-6',
  blocktrade: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  ipo: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  quant: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  support: 'M4 5h16v11H9l-5 4zM8 10h8',
  markets: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  watchlists: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  indices: 'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  popular: 'M12 21c-4 0-7-3-7-7 0-4 4-6 4-11 3 2 5 5 5 8 1-1 2-2 2-4 2 2 3 4 3 7 0 4-3 7-7 7z',
  right: 'M9 5l7 7-7 7',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = '1em' }: { name: IconName; size?: string | number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={paths[name]} />
    </svg>
  );
}
