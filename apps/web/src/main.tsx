import './lib/zod-jitless';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import './locales';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { setupApi } from './app/session';

setupApi();

// No <StrictMode>: its development-time double mounting breaks keepalive-for-react, which keeps
// the tabs' screens alive (the library's README says so); production builds never had it anyway.
createRoot(document.getElementById('root')!).render(
  <Providers>
    <AppRouter />
  </Providers>,
);
