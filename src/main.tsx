import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './ui/App.tsx';
import { createQueryClient } from './ui/queries/query-client.ts';
import { startKeeping } from './ui/share/start.ts';
import './ui/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Evaluating the bundle is one task; reading the saved work (browser storage answers
// synchronously, and slowly the first time) and the first render come in the next one.
setTimeout(() => {
  // the saved work (and a shared link) before the first render, so nothing flashes the example
  startKeeping();
  // the first render as a transition: React builds the page in slices of a few milliseconds
  // between which the browser may run other tasks, not in one long task
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
});
