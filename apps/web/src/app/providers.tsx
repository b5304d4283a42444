import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';

// No antd-mobile ConfigProvider: its default locale is already zh-CN, and leaving it out keeps
// the component library out of every page's first load.
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app, created lazily so a hot reload does not leak caches.
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
