import type { RouteObject } from 'react-router-dom';
import { Shell } from './shell';
import { RequireToken, LoginRedirect } from './require-token';
import { RouteError } from './route-error';
import { HomePage } from '../pages/home-page';

/** SPEC §2 route table: exact matches, all behind the token guard; every route but home is lazy. */
export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RequireToken />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/home2', element: <HomePage variant="Home Page Two" /> },
          { path: '/home3', element: <HomePage variant="Home Page Three" /> },
          { path: '/home4', element: <HomePage variant="Home Page Four" /> },
          { path: '*', lazy: () => import('../pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
      { path: '/login', element: <LoginRedirect /> },
    ],
  },
];
