export { useDepartTree } from './api/get-depart-tree';
export { DepartSelectModal } from './components/depart-select-modal';
