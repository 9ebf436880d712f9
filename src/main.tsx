import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './ui/App.tsx';
import { createQueryClient } from './ui/queries/query-client.ts';
import { startKeeping } from './ui/share/start.ts';
import './ui/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// the saved work (and a shared link) before the first render, so nothing flashes the example
startKeeping();
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
