export { HeaderBell, type HeaderBellProps } from './header-bell';
