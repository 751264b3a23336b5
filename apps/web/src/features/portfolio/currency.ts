import { create } from 'zustand';
import { persist } from 'zustand/middleware';

type PortfolioCurrency = { currency: string; setCurrency: (currency: string) => void };

/** The currency the member reads their account value in (profile and Trade tab alike), kept across visits. */
export const usePortfolioCurrency = create<PortfolioCurrency>()(
  persist((set) => ({ currency: 'USD', setCurrency: (currency) => set({ currency }) }), { name: 'soar-portfolio' }),
);
