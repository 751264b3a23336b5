import type { Currency, Market } from '@soar/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type MsgType = 'whatsapp' | 'builtin';

type AppState = {
  /** False until start-up completes (docs/product.md section 4); never persisted. */
  init: boolean;
  currentMarket: string | undefined;
  markets: Market[];
  currencies: Currency[];
  msgType: MsgType;
  whatsapp: string;
  setInit: (init: boolean) => void;
  setMarkets: (markets: Market[]) => void;
  setCurrencies: (currencies: Currency[]) => void;
  setCurrentMarket: (code: string) => void;
  setSupport: (msgType: MsgType, whatsapp: string) => void;
};

export const useAppStore = create<AppState>()(
  persist(
    (set, get) => ({
      init: false,
      currentMarket: undefined,
      markets: [],
      currencies: [],
      msgType: 'builtin',
      whatsapp: '',
      setInit: (init) => set({ init }),
      setMarkets: (markets) => {
        const current = get().currentMarket;
        set({
          markets,
          currentMarket: markets.some((market) => market.code === current) ? current : markets[0]?.code,
        });
      },
      setCurrencies: (currencies) => set({ currencies }),
      setCurrentMarket: (currentMarket) => set({ currentMarket }),
      setSupport: (msgType, whatsapp) => set({ msgType, whatsapp }),
    }),
    {
      name: 'soar-app',
      partialize: ({ currentMarket, markets, currencies, msgType, whatsapp }) => ({
        currentMarket,
        markets,
        currencies,
        msgType,
        whatsapp,
      }),
    },
  ),
);
