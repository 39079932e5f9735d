/**
 * The app's router: what the screens use of a router (routes with lazy code, layouts, error
 * screens, blockers for unsaved changes, links), small enough for every signed-in page's first load.
 */
export * from './components';
export type { RouterLocation } from './history';
export {
  createBrowserRouter,
  createMemoryRouter,
  redirect,
  type Blocker,
  type LoaderFunctionArgs,
  type RouteObject,
  type Router,
} from './router';
