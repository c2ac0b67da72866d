export { searchUsers } from './api/search-users';
