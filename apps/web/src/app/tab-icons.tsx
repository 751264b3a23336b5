import type { SVGProps } from 'react';

/**
 * The five tab icons, drawn here in a few bytes each: they load with every tab page, where the
 * icon library's detailed paths would cost several KiB.
 */
const Icon = ({ children, ...props }: SVGProps<SVGSVGElement>) => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    {...props}
  >
    {children}
  </svg>
);

export const HomeIcon = () => (
  <Icon>
    <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />
  </Icon>
);

export const MarketsIcon = () => (
  <Icon>
    <path d="M3 17l5-5 4 4 8-9" />
    <path d="M15 7h5v5" />
  </Icon>
);

export const WatchlistsIcon = () => (
  <Icon>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
  </Icon>
);

export const TradeIcon = () => (
  <Icon>
    <path d="M4 8h14l-4-4" />
    <path d="M20 16H6l4 4" />
  </Icon>
);

export const ProfileIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);
