import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bootstrap } from './app/bootstrap';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The router starts loading the page's chunk while the language's translations load; the
// first render waits for the translations, so no key shows raw (a failed load renders keys).
const ready = bootstrap();
const router = createAppRouter();
void ready
  .catch((error: unknown) => console.error('Start-up failed', error))
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
