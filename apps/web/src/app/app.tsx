import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import { AppRouter } from './router.tsx';

/** i18next reaches components through `initReactI18next` (shared/i18n.ts), so no provider is needed. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}
