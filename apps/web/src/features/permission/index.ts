export { PermissionGrantDrawer } from './components/permission-grant-drawer';
export { PermissionTreeEditor } from './components/permission-tree-editor';
