import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { InitialFallback } from '../components/layout/page-fallback';
import { RouteError } from '../components/layout/route-error';
import { redirectSignedIn, requireSignedIn } from './require-signed-in';
import * as home from './routes/home';

// SPEC §2 route table. Every page is its own lazily loaded chunk, except the landing page: it is
// part of the entry, so a cold load of `/` runs one module graph and renders without waiting for
// a route chunk (decision 043).
const homeRoute = { loader: home.loader, Component: home.Component } satisfies Omit<RouteObject, 'index'>;

const pages: RouteObject[] = [
  { index: true, ...homeRoute },
  { path: 'home', ...homeRoute },
  { path: 'today-tips/:category?', lazy: () => import('./routes/today-tips') },
  { path: 'today-ai-tips', lazy: () => import('./routes/today-ai-tips') },
  { path: 'tipsters/:category?', lazy: () => import('./routes/tipsters') },
  { path: 'tipster-profile/:tipsterId', lazy: () => import('./routes/tipster-profile') },
  { path: 'tipster-profile/:tipsterId/verify', lazy: () => import('./routes/record-verify') },
  { path: 'tipster/:tipsterId', lazy: () => import('./routes/tipster-profile') },
  { path: 'tipster-statistics', lazy: () => import('./routes/tipster-statistics') },
  { path: 'livescores', lazy: () => import('./routes/livescores') },
  { path: 'cart/checkout', lazy: () => import('./routes/checkout') },
  { path: 'terms', lazy: () => import('./routes/terms') },
  { path: 'privacy', lazy: () => import('./routes/privacy') },
  { path: 'safer-gambling', lazy: () => import('./routes/safer-gambling') },
  { path: 'tipster-charter', lazy: () => import('./routes/tipster-charter') },
  { path: 'tipster-tiers', lazy: () => import('./routes/tipster-tiers') },
  { path: 'contact', lazy: () => import('./routes/contact') },
  { path: 'about', lazy: () => import('./routes/about') },
  { path: 'login', loader: redirectSignedIn, lazy: () => import('./routes/login') },
  { path: 'register', loader: redirectSignedIn, lazy: () => import('./routes/register') },
  { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
  { path: 'reset-password/:code?', lazy: () => import('./routes/reset-password') },
  { path: 'verify-email/:code?', lazy: () => import('./routes/verify-email') },
  { path: 'unsubscribe', lazy: () => import('./routes/unsubscribe') },
  // The loader is declared statically so the redirect happens before the page's code is fetched.
  { path: 'dashboard', loader: requireSignedIn, lazy: () => import('./routes/dashboard') },
  { path: 'notifications', loader: requireSignedIn, lazy: () => import('./routes/notifications') },
  { path: 'buy-credits', loader: requireSignedIn, lazy: () => import('./routes/buy-credits') },
  // Back office (issue 8): signed-in only; the pages themselves check the role.
  { path: 'tipster', loader: requireSignedIn, lazy: () => import('./routes/tipster-portal') },
  { path: 'admin/:tab?', loader: requireSignedIn, lazy: () => import('./routes/admin') },
  { path: '*', lazy: () => import('./routes/not-found') },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    HydrateFallback: InitialFallback,
    ErrorBoundary: RouteError,
    // A pathless layer so that a failing page shows its error inside the shell.
    children: [{ ErrorBoundary: RouteError, children: pages }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
