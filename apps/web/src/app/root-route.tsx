import { Outlet, useNavigation } from 'react-router-dom';
import { NavigationProgress } from '../shared/ui/page-loading';
import { DocumentTitle } from './document-title';

/** The route above every page: navigation progress and the document title. */
export function RootRoute() {
  const navigation = useNavigation();
  return (
    <>
      <NavigationProgress active={navigation.state === 'loading'} />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
