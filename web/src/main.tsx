/** Entry point: global styles, providers and the router. */
// Only the styles of what the first paint shows; the rest comes with the lazy parts (lazy-named.ts).
import './app/mantine-first-paint.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
