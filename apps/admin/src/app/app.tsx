import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setModal } from '../shared/confirm.ts';
import { setMessages } from '../shared/feedback.ts';
import { useLanguage } from '../shared/i18n.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

/** Hands antd's context-aware message and modal APIs to code outside components. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    setMessages(message);
    setModal(modal);
  }, [message, modal]);
  return null;
}

export function App() {
  const language = useLanguage((state) => state.language);
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
  return (
    <ConfigProvider
      locale={language === 'zh-CN' ? zhCN : enUS}
      theme={{
        token: { colorPrimary: '#465CFF', colorSuccess: '#09BE4F', colorWarning: '#FFB703', colorError: '#FF2B2B' },
      }}
    >
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
