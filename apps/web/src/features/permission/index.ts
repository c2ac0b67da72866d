export { PermissionTreeEditor } from './components/permission-tree-editor';
