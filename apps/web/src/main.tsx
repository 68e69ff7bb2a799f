import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { initI18n } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { site } from './app/site.ts';
import { platformSiteRoutes } from './app/routes/platform-site.tsx';
import { tenantSiteRoutes } from './app/routes/tenant-site.tsx';
import { unknownSiteRoutes } from './app/routes/unknown-site.tsx';

// The Host decides which product this is: the platform (main domain), a restaurant, or nothing.
const routes = site.kind === 'platform' ? platformSiteRoutes : site.kind === 'tenant' ? tenantSiteRoutes : unknownSiteRoutes;
const router = createBrowserRouter(routes);

void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
  ),
);
