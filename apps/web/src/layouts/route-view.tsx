import { Outlet } from 'react-router-dom';

/** `layouts/RouteView` of the menu tree: a group that only renders its child page. */
export default function RouteView() {
  return <Outlet />;
}
