import './styles/mantine';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isPublicPath } from './app/entry/early-pages';
import { historyNav } from './lib/router/history-nav';
import { Root } from './app/entry/root';
import { LOGIN_PATH } from './app/routes';
import { tokenStorage } from './lib/auth-token';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

historyNav.start();
// Signed out, every page but the public ones goes to login (spec section 2): decided here, so
// that visit loads the login page alone rather than the app that would redirect to it.
if (!tokenStorage.get() && !isPublicPath(window.location.pathname)) {
  void historyNav.navigate(LOGIN_PATH, { replace: true });
}

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
