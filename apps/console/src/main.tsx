// First: zod is configured before any contract schema is made.
import './app/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initUiLanguage } from './i18n/i18n';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
const router = createAppRouter();

// The remembered interface language is loaded first, so the first screen does not flash English.
// The first render is a transition: React splits it into short tasks instead of one long one
// that blocks a phone's main thread (issue 20). Nothing is on screen before it to keep.
void initUiLanguage().finally(() => {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
});
